#!/bin/bash
# A sendmail stand-in for the crash campaign (tests/cli/mail_crash.sh): keeps each message it is
# given in the folder $1 under a name of its own, after FAKE_SENDMAIL_SLEEP seconds (default 0),
# as a mail system that has taken the message.
#
# FAKE_SENDMAIL_KILL_RUN=N: on its N-th message (counted in $1/.count), once the message is
# kept, it kills the hyperlane-mail run that handed it over (the outermost hyperlane-mail
# process above it) with SIGKILL: a crash right after the mail system took a mail.
set -eu
sleep "${FAKE_SENDMAIL_SLEEP:-0}"
tmp=$(mktemp "$1/.in.XXXXXX")
cat > "$tmp"
mv "$tmp" "$1/$(date +%s%N).$$.eml"
if [ -n "${FAKE_SENDMAIL_KILL_RUN:-}" ]; then
  n=$(( $(cat "$1/.count" 2>/dev/null || echo 0) + 1 ))
  echo "$n" > "$1/.count"
  if [ "$n" = "$FAKE_SENDMAIL_KILL_RUN" ]; then
    p=$PPID
    while :; do
      pp=$(ps -o ppid= -p "$p" | tr -d ' ')
      [ -n "$pp" ] && [ "$(cat "/proc/$pp/comm" 2>/dev/null)" = hyperlane-mail ] || break
      p=$pp
    done
    [ "$(cat "/proc/$p/comm")" = hyperlane-mail ] && kill -KILL "$p"
  fi
fi
exit 0
