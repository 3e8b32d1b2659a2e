# "sent" is said only of mail the sendmail command really took: a command that refuses the mail
# (exit 75) makes each mail FAILED, uncounted, unlogged and still queued, also when mail-out is
# started with SIGCHLD ignored (as some daemons start their children, whose exit status the
# kernel then throws away); the next run with a working command sends each mail once.
source "$(dirname "$0")/lib.bash"
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
# no_sigchld CMD...: runs CMD with SIGCHLD ignored (kept across exec).
no_sigchld() {
  "$PY" -c 'import os, signal, sys
signal.signal(signal.SIGCHLD, signal.SIG_IGN)
os.execv(sys.argv[1], sys.argv[1:])' "$@"
}
cat > refuse <<'SH'
#!/bin/sh
cat >/dev/null
echo "550 mailbox unavailable" >&2
exit 75
SH
cat > accept <<SH
#!/bin/sh
cat > "$WORK/got.\$\$"
SH
chmod +x refuse accept

run "$HL" new g --scenario small --seed 5 -q --player "ARC=Alice Smith <alice@example.net>" \
  --player "BEL=Bob Jones <bob@example.com>"
expect_rc 0 "new"
run "$HL" gm g --address orders@example.org

for how in plain no_sigchld; do
  if [ $how = plain ]; then run "$HL" mail-out g --sendmail "$WORK/refuse"
  else run no_sigchld "$HL" mail-out g --sendmail "$WORK/refuse"; fi
  expect_rc 1 "$how: a refused delivery"
  expect_out "ARC report for turn 0 to alice@example.net: FAILED: '$WORK/refuse' failed with exit status 75: 550 mailbox unavailable" "$how: ARC failed"
  expect_out "BEL report for turn 0 to bob@example.com: FAILED:" "$how: BEL failed"
  expect_out "0 mail(s) sent, 2 failed." "$how: counts"
  grep -q ": sent" <<<"$out" && fail "$how: a refused mail was said to be sent"
  [ -e g/mail/sent.toml ] && grep -q '^\[\[sent\]\]' g/mail/sent.toml && fail "$how: sent.toml: $(cat g/mail/sent.toml)"
  [ -e g/mail/queue/report-ARC-0000.eml ] || fail "$how: ARC's report is no longer queued"
  grep -q '^failed' g/mail/queue/report-ARC-0000.state || fail "$how: state $(cat g/mail/queue/report-ARC-0000.state)"
done
ls got.* >/dev/null 2>&1 && fail "the refusing command's mail arrived"

run no_sigchld "$HL" mail-out g --sendmail "$WORK/accept"
expect_rc 0 "a working command"
expect_out "ARC report for turn 0 to alice@example.net: sent ($WORK/accept)" "ARC sent"
expect_out "2 mail(s) sent, 0 failed." "both sent"
[ "$(ls got.* | wc -l)" -eq 2 ] || fail "the command got $(ls got.* | wc -l) mails, not 2"
[ "$(grep -c '^\[\[sent\]\]' g/mail/sent.toml)" -eq 2 ] || fail "sent.toml: $(cat g/mail/sent.toml)"
ls g/mail/queue/*.eml >/dev/null 2>&1 && fail "sent mail left in the queue: $(ls g/mail/queue)"
run no_sigchld "$HL" mail-out g --sendmail "$WORK/accept"
expect_out "0 mail(s) sent, 0 failed." "nothing twice"
finish
