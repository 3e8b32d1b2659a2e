# What players really send by mail is accepted (issue 28): a sheet followed by a sign-off
# ("Thanks!", a name) or by anything after an END line is stored, and the answer says what was
# left out; two games fed from one Maildir or one mbox (mail.toml shared_mailbox) each take
# their own mail and leave the other's untouched, and a reply to another game's mail is left
# for it even without shared_mailbox (docs/mail.md).
source "$(dirname "$0")/lib.bash"
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
MIME="$PY $SRC/tests/mail/mime_check.py"
export HYPERLANE_NOW="2026-11-30 10:05"

# mail FILE FROM MESSAGE-ID BODY [REFERENCES]: a plain-text mail.
mail() {
  {
    echo "From: $2"
    echo "To: orders@example.org"
    echo "Subject: orders"
    echo "Date: Mon, 30 Nov 2026 10:00:00 +0000"
    echo "Message-ID: <$3>"
    [ -n "${5:-}" ] && echo "In-Reply-To: <$5>" && echo "References: <$5>"
    echo "MIME-Version: 1.0"
    echo "Content-Type: text/plain; charset=utf-8"
    echo
    printf '%b' "$4"
  } > "$1"
}
secret() { grep "^$2 = " "$1/game.toml" | cut -d'"' -f2; }

run "$HL" new a --scenario small --seed 5 -q --player "ARC=Alice <alice@example.net>" \
  --player "BEL=Bob <bob@example.com>"
expect_rc 0 "new a"
run "$HL" gm a --address orders@example.org --name "GM"; expect_rc 0 "gm a"
A_ARC=$(secret a ARC)

# 1. Sign-offs and END.
mkdir -p box/new box/cur box/tmp
mail box/new/1-thanks "Alice <alice@example.net>" thanks@example.net \
  "Hi GM, here are my orders.\n\nEMPIRE ARC\nSECRET $A_ARC\nTURN 1\n1 TAX\n\nThanks!\nAlice\n"
run "$HL" mail-in a box
expect_rc 0 "mail-in of a sheet with a sign-off"
expect_out "1-thanks from alice@example.net: stored ARC orders for turn 1; 2 line(s) after the sheet not read" "sign-off"
grep -q -i thanks a/orders/0001/ARC.txt && fail "the sign-off was stored with the sheet"
answer=$(ls -t a/mail/outbox/new/* | head -1)
$MIME part "$answer" text/plain > answer.txt
grep -q '2 lines of your mail after the sheet were not read as orders' answer.txt \
  || fail "the answer does not say what was left out: $(cat answer.txt)"
grep -q '     | Thanks!' answer.txt || fail "the answer does not show the sign-off"

mail box/new/2-end "Bob <bob@example.com>" end@example.com \
  "EMPIRE BEL\nSECRET $(secret a BEL)\nTURN 1\n1 TAX\nEND\nNext turn I attack 102 with 5 ships.\nBob\n"
run "$HL" mail-in a box
expect_rc 0 "mail-in of a sheet with END"
expect_out "2-end from bob@example.com: stored BEL orders for turn 1; 2 line(s) after the sheet not read" "END"
run "$HL" check a a/orders/0001/BEL.txt; expect_rc 0 "the stored sheet with END checks"
# Without the sign-off being recognized, a line after the orders is still refused at its line.
mail box/new/3-prose "Bob <bob@example.com>" prose@example.com \
  "EMPIRE BEL\nSECRET $(secret a BEL)\nTURN 1\n1 TAX\nplease attack 102 with 5\n"
run "$HL" mail-in a box
expect_rc 0 "mail-in of a sheet with prose"
expect_out "3-prose from bob@example.com: refused: 1 error(s) in the sheet" "prose refused"
answer=$(ls -t a/mail/outbox/new/* | head -1)
$MIME part "$answer" text/plain | grep -q "line 5: error: unknown action or keyword 'please'" \
  || fail "the prose line is not refused at its line"

# 2. Two games, one Maildir. Game b has its own players for the same empire codes.
run "$HL" new b --scenario small --seed 6 -q --player "ARC=Carol <carol@example.org>" \
  --player "BEL=Dan <dan@example.org>"
expect_rc 0 "new b"
run "$HL" gm b --address orders@example.org --name "GM"; expect_rc 0 "gm b"
B_ARC=$(secret b ARC)
run "$HL" mail-out b --reports-only; expect_rc 0 "mail-out b"
B_REPORT=$($MIME header "$(ls b/mail/outbox/new/* | head -1)" Message-ID | tr -d '<>')
[ -n "$B_REPORT" ] || fail "no Message-ID of b's report"

# Without shared_mailbox, only a reply to b's mail is left by a.
mkdir -p shared/new shared/cur shared/tmp
mail shared/new/1-reply-b "Alice <alice@example.net>" replyb@example.net "Thanks for the report\n" "$B_REPORT"
run "$HL" mail-in a shared
expect_rc 0 "a reply to b's mail, unshared"
expect_out "1-reply-b from alice@example.net: left in the mailbox for another game: it answers a mail of another game" "left by thread"
expect_out "1 left for another game" "counted"
[ -e shared/new/1-reply-b ] || fail "a reply to b's mail was taken by a"
rm shared/new/1-reply-b

printf 'shared_mailbox = true\n' > a/mail.toml
printf 'shared_mailbox = true\n' > b/mail.toml
feed() {  # feed DIR: four mails, one for each game, a reply to b's report, a stranger's
  mail "$1/1-a" "Alice <alice@example.net>" shared-a@example.net \
    "EMPIRE ARC\nSECRET $A_ARC\nTURN 1\n1 TAX # for a\n"
  mail "$1/2-b" "Carol <carol@example.org>" shared-b@example.org \
    "EMPIRE ARC\nSECRET $B_ARC\nTURN 1\n1 TAX # for b\n"
  mail "$1/3-reply-b" "Dan <dan@example.org>" shared-reply@example.org "Got it, thanks\n" "$B_REPORT"
  mail "$1/4-stranger" "Eve <eve@example.com>" shared-eve@example.com "Can I join?\n"
}
feed shared/new
rm -f a/orders/0001/ARC.txt b/orders/0001/ARC.txt
run "$HL" mail-in a shared
expect_rc 0 "a on the shared Maildir"
expect_out "1 sheet(s) stored" "a stores its sheet"
expect_out "3 left for another game" "a leaves the others"
expect_out "2-b from carol@example.org: left in the mailbox for another game: its sheet gives the secret of no empire of this game" "b's sheet left"
expect_out "4-stranger from eve@example.com: left in the mailbox for another game: it comes from no address" "stranger left"
grep -q '# for a' a/orders/0001/ARC.txt || fail "a did not store its sheet"
run "$HL" mail-in b shared
expect_rc 0 "b on the shared Maildir"
expect_out "1 sheet(s) stored, 1 refused" "b stores its sheet and answers the reply"
expect_out "1 left for another game" "b leaves the stranger"
grep -q '# for b' b/orders/0001/ARC.txt || fail "b did not store its sheet"
[ "$(ls shared/new)" = "4-stranger" ] || fail "shared/new holds $(ls shared/new | tr '\n' ' ')"
[ "$(ls shared/cur | wc -l)" -eq 3 ] || fail "not three handled mails in shared/cur"
grep -rq 'eve@example.com' a/mail/outbox/new b/mail/outbox/new && fail "the stranger was answered"
run "$HL" mail-in a shared
expect_out "0 sheet(s) stored, 0 refused, 0 ignored, 1 left for another game" "a second run takes nothing"

# 3. Two games, one mbox: its messages go to the Maildir beside it, each game takes its own.
rm -f a/orders/0001/ARC.txt b/orders/0001/ARC.txt
mkdir -p feed
feed feed
# New Message-IDs: the journals know the Maildir's mails.
for f in feed/*; do
  sed -i 's/^Message-ID: <shared-/Message-ID: <mbox-/' "$f"
  echo "From sender@example.net Mon Nov 30 10:00:00 2026"; cat "$f"; echo
done > spool.mbox
run "$HL" mail-in a spool.mbox
expect_rc 0 "a on the shared mbox"
expect_out "1 sheet(s) stored" "a stores its sheet from the mbox"
expect_out "3 left for another game" "a leaves the others in the mbox's Maildir"
[ -s spool.mbox ] && fail "the mbox was not emptied"
[ "$(ls spool.mbox.hyperlane/new | wc -l)" -eq 3 ] || fail "three mails wait beside the mbox"
[ -d a/mail/inbox/new ] && [ -n "$(ls a/mail/inbox/new)" ] && fail "a shared mbox's mail went to a's inbox"
run "$HL" mail-in b spool.mbox
expect_rc 0 "b on the shared mbox"
expect_out "1 sheet(s) stored, 1 refused" "b takes its two"
grep -q '# for a' a/orders/0001/ARC.txt || fail "a did not store its sheet from the mbox"
grep -q '# for b' b/orders/0001/ARC.txt || fail "b did not store its sheet from the mbox"
[ "$(ls spool.mbox.hyperlane/new | wc -l)" -eq 1 ] || fail "the stranger's mail does not wait alone"

# 4. --quiet for cron: nothing printed on success; a mail that cannot be sent is said on stderr.
feed shared/new
sed -i 's/^Message-ID: <shared-/Message-ID: <quiet-/' shared/new/*
run "$HL" mail-in a shared --quiet
expect_rc 0 "mail-in --quiet"
[ -z "$out" ] && [ -z "$err" ] || fail "mail-in --quiet printed something"
grep -q '# for a' a/orders/0001/ARC.txt || fail "mail-in --quiet did not store"
run "$HL" mail-out a -q --reports-only
expect_rc 0 "mail-out -q"
[ -z "$out" ] && [ -z "$err" ] || fail "mail-out -q printed something"
run "$HL" mail-out a -q --reports-only --resend --sendmail false
expect_rc 1 "mail-out -q with a failing command"
[ -z "$out" ] || fail "mail-out -q printed on stdout: $out"
expect_err "ARC report for turn 0 to" "the failed mail on stderr"
expect_err "FAILED" "the failed mail on stderr"

finish
