# A replaced player gets their empire at once: `replace` writes the latest turn's reports again
# with the new player's name, and `mail-out --empire CODE` sends that empire its report and new
# secret even though the turn's report went to the old player before (the outbox Maildir path,
# each mail parsed back with Python's MIME parser).
source "$(dirname "$0")/lib.bash"
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
MIME="$PY $SRC/tests/mail/mime_check.py"

run "$HL" new g --scenario small --seed 5 -q --player "ARC=Alice Smith <alice@example.net>" \
  --player "BEL=Bob Jones <bob@example.com>" --player "CAS=Carol"
expect_rc 0 "new with a roster"
run "$HL" gm g --address orders@example.org
grep -q "Bob Jones" g/turns/0000/reports/BEL.txt || fail "turn 0's report does not name BEL's player"
run "$HL" mail-out g --outbox "$WORK/out"
expect_rc 0 "turn 0's reports"
expect_out "BEL report for turn 0 to bob@example.com: sent" "BEL's report to Bob"
old_secret=$(grep '^BEL = ' g/game.toml | cut -d'"' -f2)

run "$HL" replace g bel --name "Beth New" --email beth@example.org --secret NEWBEL12
expect_rc 0 "replace"
expect_out "The reports of turn 0 were written again with the new name" "says the reports are new"
expect_out "hyperlane mail-out g --empire BEL" "says how to send them"
grep -q "Beth New" g/turns/0000/reports/BEL.txt || fail "BEL's turn 0 report does not name the new player"
grep -q "Bob Jones" g/turns/0000/reports/BEL.txt && fail "BEL's turn 0 report still names the old player"
grep -q "Beth New" g/turns/0000/reports/BEL.html || fail "the HTML report does not name the new player"

# Without --empire the report counts as sent; with it, it goes to the new player at once.
run "$HL" mail-out g --outbox "$WORK/out"
expect_rc 0 "plain mail-out"
expect_out "BEL report for turn 0 to beth@example.org: skipped: sent before" "sent before"
run "$HL" mail-out g --empire bel --outbox "$WORK/out" --dry-run
expect_rc 0 "dry run"
expect_out "BEL report for turn 0 to beth@example.org: would be sent" "dry run"
before=$(ls out/new | wc -l)
run "$HL" mail-out g --empire bel --outbox "$WORK/out"
expect_rc 0 "mail-out --empire"
expect_out "BEL report for turn 0 to beth@example.org: sent" "BEL's report to Beth"
expect_out "1 mail(s) sent, 0 failed." "one mail"
grep -q "^ARC\|^CAS\|^DEN" <<<"$out" && fail "--empire BEL mailed or listed other empires"
[ "$(ls out/new | wc -l)" -eq $((before + 1)) ] || fail "the outbox did not get one more mail"
m=$(grep -l "beth@example.org" out/new/* | head -1)
[ -n "$m" ] || fail "no mail to beth@example.org in the outbox"
if [ -n "$m" ]; then
  [ "$($MIME header "$m" To)" = "Beth New <beth@example.org>" ] || fail "To: $($MIME header "$m" To)"
  text=$($MIME part "$m" text/plain)
  grep -qxF "Your secret: NEWBEL12; write it on the SECRET line." <<<"$text" || fail "the mail lacks the new secret"
  grep -qF "$old_secret" <<<"$text" && fail "the mail says the old secret"
  grep -q "Beth New" <<<"$text" || fail "the mailed report does not name the new player"
fi
grep -c 'empire = "BEL"' g/mail/sent.toml | grep -qx 2 || fail "sent.toml: $(cat g/mail/sent.toml)"

run "$HL" mail-out g --empire XYZ --outbox "$WORK/out"
expect_rc 1 "unknown empire"
expect_err "--empire: no empire 'XYZ' in this game" "says so"
finish
