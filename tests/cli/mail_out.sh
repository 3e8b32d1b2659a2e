# hyperlane mail-out through a real SMTP path: msmtp (the sendmail-compatible command) into a
# local aiosmtpd sink on loopback (tests/mail/smtp_sink.py, stops by itself), every message
# parsed back with Python's MIME parser: reports as text + HTML with the map, the map and the
# game report attached; reminders near the deadline; nothing sent twice; a refused delivery
# fails clearly and is sent on the next run; the outbox Maildir path too.
source "$(dirname "$0")/lib.bash"
# Debian's Python, which has python3-aiosmtpd (not another python3 earlier on PATH).
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
MIME="$PY $SRC/tests/mail/mime_check.py"
command -v msmtp >/dev/null || { echo "FAIL: msmtp is not installed (scripts/setup)"; exit 1; }
"$PY" -c 'import aiosmtpd' 2>/dev/null || { echo "FAIL: python3-aiosmtpd is not installed (scripts/setup)"; exit 1; }

pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; }
trap cleanup EXIT
# start_sink DIR [--refuse]: starts a sink for at most 90 s; sets $port.
start_sink() {
  "$PY" "$SRC/tests/mail/smtp_sink.py" "$1" "$1.port" 90 "${@:2}" &
  pids+=($!)
  for _ in $(seq 100); do [ -s "$1.port" ] && break; sleep 0.1; done
  port=$(cat "$1.port" 2>/dev/null) || { echo "FAIL: the SMTP sink did not start"; exit 1; }
  printf 'account default\nhost 127.0.0.1\nport %s\nfrom orders@example.org\nauth off\ntls off\ntimeout 20\n' \
    "$port" > "$1.msmtprc"
  chmod 600 "$1.msmtprc"
}

run "$HL" new g --scenario small --seed 5 -q --player "ARC=Alice Smith <alice@example.net>" \
  --player "BEL=Bob Jones <bob@example.com>" --player "CAS=Carol" \
  --deadline "2026-12-01 18:00" --every 7d
expect_rc 0 "new with a roster and deadlines"
run "$HL" gm g --address orders@example.org --name "Star Chase GM"
run "$HL" run g -q
expect_rc 0 "turn 1"
secret=$(grep '^BEL = ' g/game.toml | cut -d'"' -f2)
printf 'EMPIRE BEL\nSECRET %s\nTURN 2\n1 TAX\n' "$secret" > bel.txt
run "$HL" submit g bel.txt
expect_rc 0 "BEL's orders for turn 2"

start_sink sink
send() { run timeout 120 "$HL" mail-out g --sendmail "msmtp -C $WORK/sink.msmtprc -t" "$@"; }
export HYPERLANE_NOW="2026-12-08 10:00"   # 8 hours before turn 2 is due

send --dry-run
expect_rc 0 "dry run"
expect_out "ARC report for turn 1 to alice@example.net: would be sent" "dry run lists ARC"
[ -z "$(ls sink/*.eml 2>/dev/null)" ] || fail "a dry run sent mail"

send
expect_rc 0 "mail-out"
expect_out "ARC report for turn 1 to alice@example.net: sent (msmtp)" "ARC's report"
expect_out "BEL report for turn 1 to bob@example.com: sent" "BEL's report"
expect_out "CAS report for turn 1: skipped: no address in the roster" "CAS has no address"
expect_out "DEN report for turn 1: skipped: the computer plays this empire" "DEN is the computer's"
expect_out "ARC reminder for turn 2 to alice@example.net: sent" "ARC reminded"
expect_out "3 mail(s) sent, 0 failed." "three mails"
grep -q "BEL reminder" <<<"$out" && fail "BEL has orders and was reminded"
mails=(sink/*.eml)
[ "${#mails[@]}" -eq 3 ] || fail "the sink got ${#mails[@]} mails, not 3"
for m in "${mails[@]}"; do
  rcpt=$(cat "${m%.eml}.rcpt")
  to=$($MIME header "$m" To) || fail "$m: does not parse"
  subject=$($MIME header "$m" Subject)
  types=$($MIME summary "$m" | cut -d'|' -f3)
  case "$subject" in
    *"Turn 1 report for"*)
      emp=$(sed -E 's/.*\(([A-Z]{3})\)$/\1/' <<<"$subject")
      [ "$types" = " multipart/mixed,multipart/alternative,text/plain,text/html,image/svg+xml,text/plain" ] \
        || fail "$emp: parts are$types"
      text=$($MIME part "$m" text/plain)
      report=$(cat "g/turns/0001/reports/$emp.txt")
      [[ "$text" == *"$report" ]] || fail "$emp: the text part is not the text report"
      grep -q "Orders for turn 2 are due 2026-12-08 18:00 UTC." <<<"$text" || fail "$emp: no deadline in the mail"
      emp_secret=$(grep "^$emp = " g/game.toml | cut -d'"' -f2)
      secret_line="Your secret: $emp_secret; write it on the SECRET line."
      grep -qxF "$secret_line" <<<"$text" || fail "$emp: the text part does not say the secret"
      html=$($MIME part "$m" text/html)
      [ "$(grep -vxF "<p>$secret_line</p>" <<<"$html")" = "$(cat "g/turns/0001/reports/$emp.html")" ] \
        || fail "$emp: the HTML part is not the HTML report with the secret's line"
      grep -qxF "<p>$secret_line</p>" <<<"$html" || fail "$emp: the HTML part does not say the secret"
      grep -q '<svg' <<<"$html" || fail "$emp: no map in the HTML part"
      [ "$($MIME part "$m" image/svg+xml)" = "$(cat "g/turns/0001/reports/$emp.svg")" ] || fail "$emp: map attachment"
      case "$emp" in
        ARC) [ "$rcpt" = alice@example.net ] && [ "$to" = "Alice Smith <alice@example.net>" ] || fail "ARC to $to / $rcpt" ;;
        BEL) [ "$rcpt" = bob@example.com ] && [ "$to" = "Bob Jones <bob@example.com>" ] || fail "BEL to $to / $rcpt" ;;
        *) fail "report to $emp" ;;
      esac ;;
    *"Reminder: ARC orders for turn 2 are due 2026-12-08 18:00 UTC"*)
      [ "$rcpt" = alice@example.net ] || fail "reminder to $rcpt"
      [ "$types" = " text/plain" ] || fail "reminder parts:$types"
      body=$($MIME part "$m" text/plain)
      grep -q "They are due 2026-12-08 18:00 UTC (in 8h 0m)." <<<"$body" || fail "reminder text: $body" ;;
    *) fail "unexpected mail: $subject" ;;
  esac
  [ "$($MIME header "$m" From)" = "Star Chase GM <orders@example.org>" ] || fail "$m: From"
  [ "$($MIME header "$m" Auto-Submitted)" = auto-generated ] || fail "$m: Auto-Submitted"
done

send
expect_rc 0 "second run"
expect_out "0 mail(s) sent, 0 failed." "a second run sends nothing"
expect_out "ARC report for turn 1 to alice@example.net: skipped: sent before" "says why"
[ "$(ls sink/*.eml | wc -l)" -eq 3 ] || fail "a second run sent mail"

send --resend --reports-only
expect_out "2 mail(s) sent, 0 failed." "--resend --reports-only sends the two reports again"

# Too early for reminders: none.
HYPERLANE_NOW="2026-12-02 10:00" send --reminders-only --resend
expect_out "0 mail(s) sent" "no reminder 6 days before the deadline"

# A server that refuses: the failure is clear, nothing is logged, the next run sends it.
start_sink refusing --refuse
rm -f g/mail/sent.toml
run timeout 120 "$HL" mail-out g --reports-only --sendmail "msmtp -C $WORK/refusing.msmtprc -t"
expect_rc 1 "refused delivery"
expect_out "ARC report for turn 1 to alice@example.net: FAILED: 'msmtp' failed with exit status" "says FAILED"
expect_err "could not be sent" "stderr says so"
if [ -e g/mail/sent.toml ] && grep -q ARC g/mail/sent.toml; then fail "a failed mail was logged as sent"; fi
send --reports-only
expect_out "2 mail(s) sent, 0 failed." "sent on the next run"

# The outbox Maildir (no sendmail): the same mail as files.
run "$HL" mail-out g --reports-only --resend --outbox "$WORK/outbox"
expect_rc 0 "outbox"
[ "$(ls outbox/new | wc -l)" -eq 2 ] || fail "outbox/new should hold 2 mails"
for m in outbox/new/*; do
  $MIME summary "$m" | grep -q 'multipart/alternative,text/plain,text/html' || fail "$m: parts"
done

# Options that contradict each other are refused.
run "$HL" mail-out g --outbox x --sendmail "msmtp -t"
expect_rc 1 "--outbox with --sendmail"
expect_err "excludes" "says they exclude each other"
run "$HL" mail-out g --reports-only --reminders-only
expect_rc 1 "--reports-only with --reminders-only"

# Without a GM address nothing is sent.
run "$HL" gm g --address ""
run "$HL" mail-out g --outbox "$WORK/outbox"
expect_rc 1 "no GM address"
expect_err "gm GAME --address" "says how"
finish
