# Who can read a game folder, and where the engine writes (docs/hosting.md "Threat model and
# guarantees: the game folder"): under any umask the folder and every folder in it are 0700 and
# every file written there 0600 (game.toml, sheets, reports, outbox mails hold secrets); a
# symbolic link planted in a game folder, outbox or Maildir is refused with an error naming it,
# and nothing is written through it.
source "$(dirname "$0")/lib.bash"
source "$SRC/tests/cli/turns_lib.bash"

# wide GAME: every file not 0600 and folder not 0700 in GAME.
wide() { find "$1" \( -type f ! -perm 600 \) -o \( -type d ! -perm 700 \); }

for mask in 022 000; do
  g=game-$mask
  ( umask $mask
    "$HL" new $g --scenario small --seed 5 -q --player "ARC=Alice <alice@example.net>" \
      --player "BEL=Bob <bob@example.com>" --deadline "2026-12-01 18:00" --every 7d &&
    "$HL" gm $g --address orders@example.org --message "Welcome" &&
    arc=$(grep '^ARC = ' $g/game.toml | cut -d'"' -f2) &&
    printf 'EMPIRE ARC\nSECRET %s\nTURN 1\n1 TAX\n' "$arc" > arc-$mask.txt &&
    "$HL" submit $g arc-$mask.txt &&
    printf 'EMPIRE ARC\nSECRET %s\nTURN 1\n1 FROB\n' "$arc" > bad-$mask.txt &&
    { "$HL" submit $g bad-$mask.txt; [ $? = 1 ]; } &&
    "$HL" submit $g arc-$mask.txt &&
    "$HL" deadline $g --in 2d &&
    "$HL" run $g -q &&
    "$HL" replace $g BEL --name "Bea" --email bea@example.com &&
    "$HL" rerender $g &&
    HYPERLANE_NOW="2026-12-07 10:00" "$HL" mail-out $g
  ) > setup-$mask.out 2>&1 || { fail "umask $mask: the game's commands failed"; cat setup-$mask.out; }
  [ "$(stat -c %a $g)" = 700 ] || fail "umask $mask: the game folder is $(stat -c %a $g)"
  ls $g/mail/outbox/new/* >/dev/null 2>&1 || fail "umask $mask: no mail in the outbox"
  [ -f $g/turns/0001/reports/ARC.txt ] || fail "umask $mask: no report"
  [ -f $g/orders/0001/ARC.txt ] || fail "umask $mask: no sheet"
  left=$(wide $g)
  [ -z "$left" ] || fail "umask $mask: readable by others: $(for f in $left; do echo "$(stat -c %a "$f") $f"; done)"
done

# Links planted in a game folder: each write through one is refused, naming it.
g=game-022
mkdir victim
printf 'keep\n' > victim.txt
before_victim() { [ -z "$(ls -A victim)" ] && [ "$(cat victim.txt)" = keep ] || fail "$1: written through the link"; }
arc=$(grep '^ARC = ' $g/game.toml | cut -d'"' -f2)
printf 'EMPIRE ARC\nSECRET %s\nTURN 2\n1 TAX\n' "$arc" > arc2.txt

# A folder on the way: orders/0002.
rm -r $g/orders/0002 && ln -s "$WORK/victim" $g/orders/0002
run "$HL" submit $g arc2.txt; expect_rc 1 "submit into a linked folder"
expect_err "$g/orders/0002: error: cannot write below: it is a symbolic link, and links are never followed when writing (remove the link)" "names the link"
before_victim "submit into orders/0002"
run "$HL" run $g -q; expect_rc 1 "run writing computer sheets into a linked folder"
expect_err "$g/orders/0002: error: cannot write below: it is a symbolic link" "run names the link"
expect_err "the game is still at turn 1" "run says where the game stands"
before_victim "run into orders/0002"
rm $g/orders/0002 && mkdir -m 700 $g/orders/0002

# The file itself: orders/0002/ARC.txt.
ln -s "$WORK/victim.txt" $g/orders/0002/ARC.txt
run "$HL" submit $g arc2.txt; expect_rc 1 "submit over a linked sheet"
expect_err "$g/orders/0002/ARC.txt: error: cannot write: it is a symbolic link" "names the linked sheet"
before_victim "submit over ARC.txt"
[ -L $g/orders/0002/ARC.txt ] || fail "the link was replaced"
rm $g/orders/0002/ARC.txt

# The reports of a turn (rerender), the lock file, game.toml (replace).
mv $g/turns/0001/reports reports.saved && ln -s "$WORK/victim" $g/turns/0001/reports
run "$HL" rerender $g; expect_rc 1 "rerender into a linked reports folder"
expect_err "$g/turns/0001/reports: error: cannot write below: it is a symbolic link" "rerender names the link"
before_victim "rerender"
rm $g/turns/0001/reports && mv reports.saved $g/turns/0001/reports
mv $g/.lock lock.saved && ln -s "$WORK/victim/lock" $g/.lock
run "$HL" run $g -q; expect_rc 1 "run with a linked lock file"
expect_err "$g/.lock: error: cannot open the lock file: it is a symbolic link" "names the lock link"
before_victim "the lock file"
rm $g/.lock && mv lock.saved $g/.lock
mv $g/game.toml game.saved && ln -s "$WORK/victim.txt" $g/game.toml && cp game.saved victim.txt
run "$HL" replace $g BEL --name "Cy"; expect_rc 1 "replace over a linked game.toml"
expect_err "symbolic link" "replace names the link"
cmp -s game.saved victim.txt || fail "game.toml's link target was written"
rm $g/game.toml && mv game.saved $g/game.toml && printf 'keep\n' > victim.txt

# The outbox: mail/outbox/new.
rm -r $g/mail/outbox/new && ln -s "$WORK/victim" $g/mail/outbox/new
run env HYPERLANE_NOW="2026-12-07 10:00" "$HL" mail-out $g --resend
expect_rc 1 "mail-out into a linked outbox folder"
expect_err "symbolic link" "mail-out says why the delivery failed"
before_victim "mail-out"
rm $g/mail/outbox/new

# A Maildir read by mail-in: cur/ (where handled mail goes) is a link.
mkdir -p inbox/new inbox/tmp && ln -s "$WORK/victim" inbox/cur
printf 'From: Alice <alice@example.net>\nTo: orders@example.org\nSubject: orders\nMessage-ID: <1@example.net>\nDate: Mon, 30 Nov 2026 10:00:00 +0000\n\nEMPIRE ARC\nSECRET %s\nTURN 2\n1 TAX\n' "$arc" > inbox/new/1
run "$HL" mail-in $g inbox; expect_rc 1 "mail-in with a linked cur/"
expect_err "inbox/cur: error: cannot write below: it is a symbolic link" "mail-in names the link"
before_victim "mail-in"
[ -e inbox/new/1 ] || fail "the mail left new/"

# Once the links are gone the game goes on.
run "$HL" submit $g arc2.txt; expect_rc 0 "submit without links"
run "$HL" run $g -q; expect_rc 0 "run without links"
finish
