# Issue 25's mail points (docs/mail.md "Guarantees", docs/hosting.md "Threat model and
# guarantees: mail"): answers only to roster addresses and capped; an mbox is never rewritten
# and its dot-lock is taken over from a dead owner at once; a mail handled before is not
# handled again; an older mail never replaces a newer stored sheet; a full disk stops mail-in
# clearly and loses nothing; report mails say the empire's secret.
source "$(dirname "$0")/lib.bash"
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
MIME="$PY $SRC/tests/mail/mime_check.py"

run "$HL" new g --scenario small --seed 5 -q --player "ARC=Alice Smith <alice@example.net>" \
  --player "BEL=Bob <bob@example.com>"
expect_rc 0 "new with a roster"
run "$HL" gm g --address orders@example.org --name "Star Chase GM"
ARC=$(grep '^ARC = ' g/game.toml | cut -d'"' -f2)
BEL=$(grep '^BEL = ' g/game.toml | cut -d'"' -f2)

# mail FILE FROM MESSAGE-ID DATE BODY [REPLY-TO]: a plain-text mail.
mail() {
  {
    echo "From: $2"
    [ -n "${6:-}" ] && echo "Reply-To: $6"
    echo "To: orders@example.org"
    echo "Subject: orders"
    echo "Date: $4"
    echo "Message-ID: <$3>"
    echo "MIME-Version: 1.0"
    echo "Content-Type: text/plain; charset=utf-8"
    echo
    printf '%b' "$5"
  } > "$1"
}
mkdir -p box/new box/cur box/tmp
outbox() { ls g/mail/outbox/new 2>/dev/null | wc -l; }
# newest: the mail files mail-in wrote since the count $1.
newest() { ls -tr g/mail/outbox/new | tail -n +$(($1 + 1)) | sed 's|^|g/mail/outbox/new/|'; }

# 1. A stranger's big mail with a Reply-To at a victim: the victim gets a short note that
# quotes nothing. Before, the victim got the whole mail back, numbered, from the GM's address.
big=$(for i in $(seq 1 40000); do printf 'MOVE 101 102 %d\\n' $i; done)
mail box/new/1-big "Mallory <mallory@example.com>" big1@evil.example \
  "Mon, 30 Nov 2026 10:00:00 +0000" "EMPIRE ARC\nSECRET WRONG\nTURN 1\n$big" victim@example.org
before=$(outbox)
HYPERLANE_NOW="2026-11-30 10:05" run "$HL" mail-in g box
expect_rc 0 "mail-in of a stranger's big mail"
mapfile -t sent < <(newest $before)
summary=$($MIME summary "${sent[@]}")
grep -q '^victim@example.org | \[Small game\] your mail to the GM | text/plain$' <<<"$summary" \
  || fail "the Reply-To does not get the note: $summary"
total=$(cat "${sent[@]}" | wc -c)
[ "$total" -lt 8000 ] || fail "the answers to a 600 kB mail take $total bytes"
for f in "${sent[@]}"; do grep -q 'MOVE 101' "$f" && fail "$f quotes the mail"; done

# A stranger's sheet for ARC (3,000 lines, without the secret): the roster address gets the
# answer, which shows no line of it; the Reply-To gets the note.
many=$(for i in $(seq 1 3000); do printf 'MOVE 101 102 %d\\n' $i; done)
mail box/new/1-stranger "Mallory <mallory@example.com>" big3@evil.example \
  "Mon, 30 Nov 2026 10:00:30 +0000" "EMPIRE ARC\nSECRET WRONG\nTURN 1\n$many" victim@example.org
before=$(outbox)
HYPERLANE_NOW="2026-11-30 10:05" run "$HL" mail-in g box
expect_rc 0 "mail-in of a stranger's sheet"
expect_out "refused: 1 error(s) in the sheet (empire or secret wrong)" "refused"
mapfile -t sent < <(newest $before)
[ "${#sent[@]}" -eq 2 ] || fail "expected an answer and a note, got ${#sent[@]}"
summary=$($MIME summary "${sent[@]}")
grep -q '^victim@example.org | \[Small game\] your mail to the GM | text/plain$' <<<"$summary" \
  || fail "the Reply-To does not get the note: $summary"
grep -q '^Alice Smith <alice@example.net> | \[Small game\] ARC turn 1: orders NOT stored' <<<"$summary" \
  || fail "the roster address does not get the answer: $summary"
total=$(cat "${sent[@]}" | wc -c)
[ "$total" -lt 6000 ] || fail "the answers to a stranger's sheet take $total bytes"
for f in "${sent[@]}"; do grep -q 'MOVE 101' "$f" && fail "$f quotes the mail"; done

# A player's own 3,000-line sheet with the secret: the answer to the roster address quotes at
# most 100 messages and 300 lines.
mail box/new/2-huge "Alice Smith <alice@example.net>" big2@example.net \
  "Mon, 30 Nov 2026 10:01:00 +0000" "EMPIRE ARC\nSECRET $ARC\nTURN 1\n$many"
before=$(outbox)
HYPERLANE_NOW="2026-11-30 10:05" run "$HL" mail-in g box
expect_rc 0 "mail-in of a huge sheet"
mapfile -t sent < <(newest $before)
[ "${#sent[@]}" -eq 1 ] || fail "expected one answer, got ${#sent[@]}"
size=$(wc -c < "${sent[0]}")
[ "$size" -lt 65536 ] || fail "the answer to a huge sheet takes $size bytes"
body=$($MIME part "${sent[0]}" text/plain)
grep -Eq '\([0-9]+ more not shown\)' <<<"$body" || fail "the messages are not capped: $(head -c 400 <<<"$body")"
grep -q '(2703 more lines not shown)' <<<"$body" || fail "the sheet is not capped"
[ "$($MIME header "${sent[0]}" To)" = "Alice Smith <alice@example.net>" ] || fail "huge: To"

# The right secret from another address that asks for answers at a third: stored; the roster
# address gets the answer and is told; the sender's Reply-To gets only the note.
mail box/new/3-other "Alice <alice@work.example>" other3@work.example \
  "Mon, 30 Nov 2026 10:02:00 +0000" "EMPIRE ARC\nSECRET $ARC\nTURN 1\n1 TAX\n" someone@else.example
before=$(outbox)
HYPERLANE_NOW="2026-11-30 10:05" run "$HL" mail-in g box
expect_out "stored ARC orders for turn 1" "stored from another address"
mapfile -t sent < <(newest $before)
summary=$($MIME summary "${sent[@]}")
grep -q '^Alice Smith <alice@example.net> | \[Small game\] ARC turn 1: orders stored' <<<"$summary" \
  || fail "the roster address does not get the answer: $summary"
grep -q '^someone@else.example | \[Small game\] your mail to the GM' <<<"$summary" || fail "note: $summary"
[ "${#sent[@]}" -eq 2 ] || fail "expected 2 mails, got ${#sent[@]}: $summary"
for f in "${sent[@]}"; do
  if [ "$($MIME header "$f" To)" = "Alice Smith <alice@example.net>" ]; then
    $MIME part "$f" text/plain | grep -q 'This mail came from alice@work.example' || fail "not told of the sender"
  fi
done

# 4. An older mail never replaces a newer stored sheet. `submit` stores a sheet at 10:30; a
# mail written at 10:10 and read at 10:40 is refused, and its answer says why; one written at
# 10:50 replaces it. The same mail again (a replay) is not handled twice.
printf 'EMPIRE BEL\nSECRET %s\nTURN 1\n1 TAX\n' "$BEL" > web.txt
HYPERLANE_NOW="2026-11-30 10:30" run "$HL" submit g web.txt
expect_rc 0 "a sheet stored at 10:30"
mail box/new/4-old "Bob <bob@example.com>" old4@example.com "Mon, 30 Nov 2026 10:10:00 +0000" \
  "EMPIRE BEL\nSECRET $BEL\nTURN 1\n1 TAX # by mail\n"
before=$(outbox)
HYPERLANE_NOW="2026-11-30 10:40" run "$HL" mail-in g box
expect_rc 0 "an older mail"
expect_out "refused: BEL's newer sheet for turn 1 stands" "the older mail is refused"
cmp -s web.txt g/orders/0001/BEL.txt || fail "an older mail replaced the newer sheet"
mapfile -t sent < <(newest $before)
[ "$($MIME header "${sent[0]}" Subject)" = "[Small game] BEL turn 1: orders NOT stored (a newer sheet stands)" ] \
  || fail "subject: $($MIME header "${sent[0]}" Subject)"
$MIME part "${sent[0]}" text/plain | grep -q 'were NOT stored: a newer sheet for the turn (2026-11-30 10:30 UTC) was stored' \
  || fail "the answer does not say why: $($MIME part "${sent[0]}" text/plain)"
mail box/new/5-new "Bob <bob@example.com>" new5@example.com "Mon, 30 Nov 2026 10:50:00 +0000" \
  "EMPIRE BEL\nSECRET $BEL\nTURN 1\n1 TAX # by mail\n"
HYPERLANE_NOW="2026-11-30 10:55" run "$HL" mail-in g box
expect_out "stored BEL orders for turn 1 (replacing an earlier sheet)" "a newer mail replaces it"
grep -q 'by mail' g/orders/0001/BEL.txt || fail "the newer mail's sheet is not stored"
# Stored on the web again at 11:00, then the 10:50 mail comes again (re-delivered, or put back
# after a crash): the journal knows it, and by its date it is older anyway.
HYPERLANE_NOW="2026-11-30 11:00" run "$HL" submit g web.txt
cp box/cur/5-new:2,S box/new/5-again
mail box/new/6-redelivered "Bob <bob@example.com>" new5-resent@example.com \
  "Mon, 30 Nov 2026 10:50:00 +0000" "EMPIRE BEL\nSECRET $BEL\nTURN 1\n1 TAX # by mail\n"
before=$(outbox)
HYPERLANE_NOW="2026-11-30 11:05" run "$HL" mail-in g box
expect_out "5-again from bob@example.com: handled before (the journal has it): not read again" "a replay is known"
expect_out "6-redelivered from bob@example.com: refused: BEL's newer sheet for turn 1 stands" "by date"
cmp -s web.txt g/orders/0001/BEL.txt || fail "a replayed mail replaced the newer sheet"
[ "$(newest $before | wc -l)" -eq 1 ] || fail "a replayed mail was answered"
[ -z "$(ls box/new)" ] || fail "mail left in new/"

# 2. mbox: a dot-lock left by a dead mail-in (its process is gone) is taken over at once; one
# held by a live process is waited for, then refused naming its owner.
mail m1 "Alice Smith <alice@example.net>" mb1@example.net "Mon, 30 Nov 2026 12:00:00 +0000" \
  "EMPIRE ARC\nSECRET $ARC\nTURN 1\n1 TAX\n"
{ echo "From alice@example.net Mon Nov 30 12:00:00 2026"; cat m1; echo; } > box.mbox
sleep 60 &
alive=$!
echo "$alive $(hostname)" > box.mbox.lock
run "$HL" mail-in g box.mbox --wait 1
expect_rc 1 "a live owner's lock"
expect_err "the mbox is locked (box.mbox.lock held by $alive" "names the owner"
[ -s box.mbox ] || fail "a locked mbox was emptied"
kill $alive; wait $alive 2>/dev/null
echo "$alive $(hostname)" > box.mbox.lock
run "$HL" mail-in g box.mbox --wait 1
expect_rc 0 "a dead owner's lock is taken over at once"
expect_out "1 mail(s) read: 1 sheet(s) stored" "the mbox is read"
[ ! -s box.mbox ] || fail "the mbox was not emptied"
[ ! -e box.mbox.lock ] || fail "the dot-lock was left behind"

# A run killed after taking the messages into the game's inbox, before emptying the mbox,
# leaves its dot-lock; the next run takes it over at once and handles each mail once.
mail m2 "Alice Smith <alice@example.net>" mb2@example.net "Mon, 30 Nov 2026 12:10:00 +0000" \
  "EMPIRE ARC\nSECRET $ARC\nTURN 1\n1 TAX # m2\n"
mail m3 "Bob <bob@example.com>" mb3@example.com "Mon, 30 Nov 2026 12:11:00 +0000" \
  "EMPIRE BEL\nSECRET $BEL\nTURN 1\n1 TAX # m3\n"
{ echo "From alice@example.net Mon Nov 30 12:10:00 2026"; cat m2; echo
  echo "From bob@example.com Mon Nov 30 12:11:00 2026"; cat m3; echo; } > box.mbox
before=$(outbox)
HYPERLANE_KILL_AT=mbox-copied:1 HYPERLANE_NOW="2026-11-30 12:20" run "$HL" mail-in g box.mbox
if [ "$rc" -eq 137 ]; then
  [ -e box.mbox.lock ] || fail "the killed run left no dot-lock (the test expects one)"
  [ -s box.mbox ] || fail "the killed run emptied the mbox"
  HYPERLANE_NOW="2026-11-30 12:20" run "$HL" mail-in g box.mbox --wait 1
  expect_rc 0 "after the kill"
  expect_out "2 mail(s) read: 2 sheet(s) stored" "both read once"
  [ "$(newest $before | wc -l)" -eq 2 ] || fail "expected 2 answers after the kill, got $(newest $before | wc -l)"
  [ ! -s box.mbox ] || fail "the mbox was not emptied"
else
  echo "note: this build has no kill hooks (HYPERLANE_TEST_HOOKS); the killed mbox run is not tested"
fi

# 3. A full disk. The game and the Maildir on a small tmpfs (in a user and mount namespace),
# filled to leave 0 to 64 kB: each run either handles every mail or stops with exit 1, saying
# what failed and that nothing was lost; a mail is in cur/ only once its answer is in the
# outbox. With the space back, every mail ends up answered exactly once.
full_disk() {
  local root=$1 free=$2 log=$1.log
  mkdir -p "$log"
  cp -a g "$root/g"; rm -rf "$root/g/mail" "$root/g/orders"
  mkdir -p "$root/in/new" "$root/in/cur" "$root/in/tmp"
  local i
  for i in 1 2 3 4; do
    mail "$root/in/new/m$i" "Alice Smith <alice@example.net>" "full$i@example.net" \
      "Mon, 30 Nov 2026 13:0$i:00 +0000" "EMPIRE ARC\nSECRET $ARC\nTURN 1\n1 TAX # mail $i\n"
  done
  if [ "$free" = fsize ]; then
    # No tmpfs here: files may not grow past 2 kB (an answer is bigger), as a full disk refuses.
    (trap '' XFSZ; HYPERLANE_NOW="2026-11-30 14:00" exec prlimit --fsize=2000 "$HL" mail-in "$root/g" "$root/in") \
      >"$log/out" 2>"$log/err"
  else
    dd if=/dev/zero of="$root/filler" bs=4k 2>/dev/null
    [ "$free" -gt 0 ] && rm -f "$root/filler" && dd if=/dev/zero of="$root/filler" bs=4k \
      count=$(( $(stat -f -c '%a' "$root") - free / 4 )) 2>/dev/null
    HYPERLANE_NOW="2026-11-30 14:00" "$HL" mail-in "$root/g" "$root/in" >"$log/out" 2>"$log/err"
  fi
  local code=$?
  cp "$log/err" "$log/first-err"
  if [ $code -ne 0 ]; then
    [ $code -eq 1 ] || echo "FAIL: free $free: exit $code: $(cat "$log/err")"
    grep -q 'stopped early: .*: cannot .*: \(No space left on device\|File too large\).*Nothing was lost: [0-9] mail(s) stay in' "$log/err" \
      || echo "FAIL: free $free: unclear message: $(cat "$log/err")"
    grep -q 'internal error' "$log/err" && echo "FAIL: free $free: internal error"
  fi
  for f in "$root"/in/cur/*; do
    [ -e "$f" ] || continue
    id=$(sed -n 's/^Message-ID: <\(.*\)>$/\1/p' "$f")
    grep -lq "In-Reply-To: <$id>" "$root"/g/mail/outbox/new/* 2>/dev/null \
      || echo "FAIL: free $free: $(basename "$f") left new/ without its answer in the outbox"
  done
  rm -f "$root/filler"
  HYPERLANE_NOW="2026-11-30 14:00" "$HL" mail-in "$root/g" "$root/in" >"$log/out" 2>"$log/err" \
    || echo "FAIL: free $free: the run with space back: $(cat "$log/err")"
  [ -z "$(ls "$root/in/new")" ] || echo "FAIL: free $free: mail left in new/"
  [ "$(ls "$root/g/mail/outbox/new" | wc -l)" -eq 4 ] \
    || echo "FAIL: free $free: $(ls "$root/g/mail/outbox/new" | wc -l) answers for 4 mails"
  [ "$(grep -h '^In-Reply-To' "$root"/g/mail/outbox/new/* | sort -u | wc -l)" -eq 4 ] \
    || echo "FAIL: free $free: not one answer per mail"
  grep -q 'mail 4' "$root/g/orders/0001/ARC.txt" || echo "FAIL: free $free: the last sheet is not stored"
  echo "free $free: first run exit $code $(head -c 300 "$log/first-err")"
}
export -f full_disk mail
export HL ARC
if unshare -rm true 2>/dev/null; then
  size=$(( $(du -sk g | cut -f1) + 1024 ))k
  results=""
  for free in 0 4 8 12 16 20 24 32 48 64; do
    mkdir -p "$WORK/disk$free"
    results+=$(unshare -rm bash -c "mount -t tmpfs -o size=$size tmpfs '$WORK/disk$free' && full_disk '$WORK/disk$free' $free" 2>&1)$'\n'
  done
else
  echo "note: no tmpfs in a user namespace here: a file size limit stands in for a full disk"
  mkdir -p fsize
  results=$(full_disk "$WORK/fsize" fsize 2>&1)
fi
grep -v '^FAIL' <<<"$results"
grep -q 'first run exit 1' <<<"$results" || fail "no run was stopped by the full disk"
while read -r line; do fail "${line#FAIL: }"; done < <(grep '^FAIL' <<<"$results")

# 6. Every report mail says the empire's current secret, in the text and in the HTML part.
run "$HL" run g -q
expect_rc 0 "turn 1"
run "$HL" mail-out g --reports-only --outbox "$WORK/reports"
expect_rc 0 "mail-out"
for m in reports/new/*; do
  to=$($MIME header "$m" To)
  case "$to" in
    *alice@example.net*) want=$ARC ;;
    *bob@example.com*) want=$BEL ;;
    *) fail "a report to $to"; continue ;;
  esac
  line="Your secret: $want; write it on the SECRET line."
  $MIME part "$m" text/plain | grep -qxF "$line" || fail "$to: the text part lacks '$line'"
  $MIME part "$m" text/html | grep -qF "<p>$line</p>" || fail "$to: the HTML part lacks the secret"
  other=$([ "$want" = "$ARC" ] && echo "$BEL" || echo "$ARC")
  grep -q "$other" "$m" && fail "$to: the report mail holds another empire's secret"
done
[ "$(ls reports/new | wc -l)" -eq 2 ] || fail "expected 2 report mails"
finish
