# The GM's announcement and moved deadlines reach mail players: `gm --announce FILE` checks the
# file line by line (file:line), mail-out mails it once to every player with an address, and
# `--announce-remove` takes it off; a deadline moved after the report mail told another is told
# to each player once by the next mail-out (the outbox Maildir, mails parsed back with Python).
source "$(dirname "$0")/lib.bash"
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
MIME="$PY $SRC/tests/mail/mime_check.py"
# mail_to ADDR SUBJECT-PART: the outbox mail to ADDR whose subject has SUBJECT-PART.
mail_to() {
  for m in out/new/*; do
    [[ "$($MIME header "$m" To)" == *"<$1>" ]] && [[ "$($MIME header "$m" Subject)" == *"$2"* ]] &&
      { echo "$m"; return; }
  done
}

run "$HL" new g --scenario small --seed 5 -q --player "ARC=Alice Smith <alice@example.net>" \
  --player "BEL=Bob Jones <bob@example.com>" --player "CAS=Carol" --deadline "2026-12-01 18:00"
expect_rc 0 "new"
run "$HL" gm g --address orders@example.org
export HYPERLANE_NOW="2026-11-28 10:00"

# Refused files write nothing, and say where.
printf 'Fine line\nA tab\there\n' > tab.txt
run "$HL" gm g --announce tab.txt; expect_rc 1 "a control character"
expect_err "tab.txt:2:1: " "names the line"
printf '\n \n' > blank.txt
run "$HL" gm g --announce blank.txt; expect_rc 1 "an empty announcement"
expect_err "the announcement is empty" "says so"
printf 'x%.0s' $(seq 1001) > long.txt
run "$HL" gm g --announce long.txt; expect_rc 1 "a line too long"
seq 51 > many.txt
run "$HL" gm g --announce many.txt; expect_rc 1 "51 lines"
expect_err "at most 50 lines" "says so"
[ -e g/announcement.toml ] && fail "a refused announcement was written"
run "$HL" gm g --announce-remove; expect_rc 0 "nothing to remove"
expect_out "There is no announcement to remove." "says so"

# Turn 0's reports first (they tell the deadline), then the announcement.
run "$HL" mail-out g --outbox "$WORK/out"; expect_rc 0 "reports"
expect_out "2 mail(s) sent" "two reports"
printf 'Welcome to the game.\n\nTurn 2 runs a day late.\n' > news.txt
run "$HL" gm g --announce news.txt; expect_rc 0 "announce"
expect_out "Announcement 1 (3 lines)" "numbered"
run "$HL" mail-out g --outbox "$WORK/out"; expect_rc 0 "the announcement"
expect_out "ARC announcement 1 to alice@example.net: sent" "to ARC"
expect_out "BEL announcement 1 to bob@example.com: sent" "to BEL"
expect_out "CAS announcement 1: skipped: no address in the roster" "CAS has no address"
expect_out "2 mail(s) sent, 0 failed." "two announcements"
m=$(mail_to bob@example.com "Announcement from the GM")
[ -n "$m" ] || fail "no announcement mail to bob"
if [ -n "$m" ]; then
  text=$($MIME part "$m" text/plain)
  grep -qxF "Welcome to the game." <<<"$text" && grep -qxF "Turn 2 runs a day late." <<<"$text" ||
    fail "the mail lacks the announcement's lines: $text"
fi
run "$HL" mail-out g --outbox "$WORK/out"
expect_out "ARC announcement 1 to alice@example.net: skipped: sent before" "once"
expect_out "0 mail(s) sent" "nothing twice"

# A new announcement is mailed again; a removed one is not.
printf 'Second news.\n' > news2.txt
run "$HL" gm g --announce news2.txt; expect_out "Announcement 2 (1 line)" "a new number"
run "$HL" gm g --announce-remove; expect_rc 0 "remove"
expect_out "The announcement is removed" "says so"
run "$HL" mail-out g --outbox "$WORK/out"
grep -q "announcement" <<<"$out" && fail "a removed announcement was mailed"

# The deadline moves: each player told the old one by the report mail hears the new one, once.
run "$HL" deadline g --at "2026-12-03 09:30"; expect_rc 0 "move the deadline"
run "$HL" mail-out g --outbox "$WORK/out" --dry-run
expect_out "ARC deadline for turn 1 to alice@example.net: would be sent" "dry run"
run "$HL" mail-out g --outbox "$WORK/out"; expect_rc 0 "tell the deadline"
expect_out "ARC deadline for turn 1 to alice@example.net: sent" "ARC told"
expect_out "BEL deadline for turn 1 to bob@example.com: sent" "BEL told"
expect_out "2 mail(s) sent, 0 failed." "two deadline mails"
m=$(mail_to alice@example.net "Deadline moved")
[ -n "$m" ] || fail "no deadline mail to alice"
if [ -n "$m" ]; then
  [ "$($MIME header "$m" Subject)" = "[Small game] Deadline moved: ARC orders for turn 1 are due 2026-12-03 09:30 UTC" ] ||
    fail "subject: $($MIME header "$m" Subject)"
  grep -qF "Orders are now due 2026-12-03 09:30 UTC (in 4d 23h); the mail before said 2026-12-01 18:00 UTC." \
    <<<"$($MIME part "$m" text/plain)" || fail "the text: $($MIME part "$m" text/plain)"
fi
run "$HL" mail-out g --outbox "$WORK/out"
expect_out "0 mail(s) sent" "told once"
# Moved again, and back: each move is told.
run "$HL" deadline g --at "2026-12-01 18:00"
run "$HL" mail-out g --outbox "$WORK/out" --reminders-only
expect_out "ARC deadline for turn 1 to alice@example.net: sent" "moved back: told again"
expect_out "2 mail(s) sent" "both"
finish
