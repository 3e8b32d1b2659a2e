# The crash campaign of the mail paths (docs/mail.md "Guarantees"): mail-in (Maildir and mbox,
# answers into the outbox Maildir or through a sendmail command) and mail-out (reports and
# reminders, both ways) are killed with SIGKILL at every point the HYPERLANE_KILL_AT test hook
# knows (engine/mail/kill_point.hpp), each time it is reached, then run again. After each:
# nothing lost (every mail handled, every answer and report sent), nothing doubled (exactly the
# mails of a run never killed, each once), nothing replayed (a further run does nothing).
source "$(dirname "$0")/lib.bash"
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
MIME="$PY $SRC/tests/mail/mime_check.py"
FAKE="$SRC/tests/mail/fake_sendmail.sh"
export HYPERLANE_NOW="2026-12-08 10:00"

run "$HL" new g0 --scenario small --seed 5 -q --player "ARC=Alice <alice@example.net>" \
  --player "BEL=Bob <bob@example.com>" --player "CAS=Carol <carol@example.org>" \
  --deadline "2026-12-01 18:00" --every 7d
expect_rc 0 "new"
run "$HL" gm g0 --address orders@example.org --name "Star Chase GM"
ARC=$(grep '^ARC = ' g0/game.toml | cut -d'"' -f2)
BEL=$(grep '^BEL = ' g0/game.toml | cut -d'"' -f2)
# A first run on an empty Maildir makes the game's mail token, so every copy shares it.
mkdir -p empty/new empty/cur empty/tmp
run "$HL" mail-in g0 empty
expect_rc 0 "mail-in on nothing"


# mail FILE FROM MESSAGE-ID DATE BODY [REPLY-TO [EXTRA-HEADER]]
mail() {
  {
    echo "From: $2"
    [ -n "${6:-}" ] && echo "Reply-To: $6"
    [ -n "${7:-}" ] && echo "$7"
    echo "To: orders@example.org"
    echo "Subject: orders"
    echo "Date: $4"
    echo "Message-ID: <$3>"
    echo
    printf '%b' "$5"
  } > "$1"
}
# Five mails: two sheets of ARC (the second replaces the first), BEL's with another Reply-To,
# a stranger's wrong secret for CAS, and an auto-reply: six answers and notes.
mkdir -p in0/new in0/cur in0/tmp
mail in0/new/m1 "Alice <alice@example.net>" m1@example.net "Tue, 08 Dec 2026 09:00:00 +0000" \
  "EMPIRE ARC\nSECRET $ARC\nTURN 1\n1 TAX\n"
mail in0/new/m2 "Bob <bob@example.com>" m2@example.com "Tue, 08 Dec 2026 09:01:00 +0000" \
  "EMPIRE BEL\nSECRET $BEL\nTURN 1\n1 TAX\n" bob@home.example
mail in0/new/m3 "Mallory <mallory@example.com>" m3@example.com "Tue, 08 Dec 2026 09:02:00 +0000" \
  "EMPIRE CAS\nSECRET GUESS\nTURN 1\n1 TAX\n"
mail in0/new/m4 "Alice <alice@example.net>" m4@example.net "Tue, 08 Dec 2026 09:03:00 +0000" \
  "I am away.\n" "" "Auto-Submitted: auto-replied"
mail in0/new/m5 "Alice <alice@example.net>" m5@example.net "Tue, 08 Dec 2026 09:04:00 +0000" \
  "EMPIRE ARC\nSECRET $ARC\nTURN 1\n1 TAX # the second sheet\n"
i=0
for m in in0/new/*; do i=$((i + 1)); touch -d "2026-12-08 09:0$i:00" "$m"; done
: > mbox0
for m in in0/new/*; do { echo "From x@example.net Tue Dec  8 09:00:00 2026"; cat "$m"; echo; } >> mbox0; done

# setup KIND DIR: a fresh game DIR/g and its mailbox (DIR/in or DIR/box.mbox), and the sink.
setup() {
  rm -rf "$2"; mkdir -p "$2/sink"
  cp -a g0 "$2/g"
  if [ "$1" = mbox ]; then cp mbox0 "$2/box.mbox"; else cp -a in0 "$2/in"; fi
}
# mail_in KIND WAY DIR [ENV...]: runs mail-in once; sets rc.
mail_in() {
  local kind=$1 way=$2 dir=$3; shift 3
  local box="$dir/in"; [ "$kind" = mbox ] && box="$dir/box.mbox"
  local how=(); [ "$way" = sendmail ] && how=(--sendmail "$FAKE $dir/sink")
  run env "$@" "$HL" mail-in "$dir/g" "$box" "${how[@]}"
}
mail_out() {
  local way=$1 dir=$2; shift 2
  local how=(); [ "$way" = sendmail ] && how=(--sendmail "$FAKE $dir/sink")
  run env "$@" "$HL" mail-out "$dir/g" "${how[@]}"
}
# sent WAY DIR: the Message-ID of every mail handed over (outbox files or the sink's), sorted:
# the ids say what each mail is (the same in every run), so a doubled mail shows twice.
sent() {
  local files
  if [ "$1" = sendmail ]; then files=("$2"/sink/*.eml); else files=("$2"/g/mail/outbox/new/*); fi
  [ -e "${files[0]}" ] || return 0
  grep -hi '^Message-ID:' "${files[@]}" | sort
}
# points WHICH CMD...: the (point, n) a run reaches, one "point:n" per line: every time each
# is reached (WHICH=all), the first and the last time (ends), or the first time (first).
points() {
  local which=$1; shift
  rm -f "$T/trace"
  HYPERLANE_KILL_TRACE="$T/trace" "$@" >/dev/null 2>&1
  awk -v which="$which" '{ n[$1]++; if (which == "all" || n[$1] == 1) print $1 ":" n[$1] }
    END { if (which == "ends") for (p in n) if (n[p] > 1) print p ":" n[p] }' "$T/trace" | sort
}
unhandled() { find "$1/g/mail/inbox/new" "$1/in/new" -type f 2>/dev/null; }

kills=0
# campaign_in KIND WAY ALL: kills mail-in at every point and checks the outcome.
campaign_in() {
  local kind=$1 way=$2 all=$3 ref="$T/ref-$1-$2"
  setup "$kind" "$ref"
  mail_in "$kind" "$way" "$ref"
  expect_rc 0 "$kind/$way: the reference run"
  expect_out "5 mail(s) read: 3 sheet(s) stored, 1 refused, 1 ignored" "$kind/$way: reference counts"
  local want; want=$(sent "$way" "$ref")
  [ "$(sort -u <<<"$want" | wc -l)" -eq 6 ] || fail "$kind/$way: the reference sent, not 6 mails: $want"
  setup "$kind" "$T/trace-run"
  local list; list=$(points "$all" mail_in "$kind" "$way" "$T/trace-run")
  [ "$(wc -l <<<"$list")" -ge 10 ] || fail "$kind/$way: only $(wc -l <<<"$list") kill points"
  echo "$kind/$way: $(wc -l <<<"$list") kill points"
  local p c="$T/c"
  for p in $list; do
    setup "$kind" "$c"
    # Killed while its delivery agent runs the command: the agent takes a while, so the next
    # run must wait for its word (or it would send the mail again).
    local slow=0; [ "${p%%:*}" = agent-started ] && slow=0.3
    mail_in "$kind" "$way" "$c" HYPERLANE_KILL_AT="$p" FAKE_SENDMAIL_SLEEP=$slow
    [ "$rc" -eq 137 ] || { fail "$kind/$way $p: not killed (exit $rc)"; continue; }
    kills=$((kills + 1))
    mail_in "$kind" "$way" "$c"
    [ "$rc" -eq 0 ] || { fail "$kind/$way $p: the run after the kill: exit $rc"; continue; }
    [ -z "$(unhandled "$c")" ] || fail "$kind/$way $p: mail left unhandled: $(unhandled "$c")"
    [ ! -s "$c/box.mbox" ] || fail "$kind/$way $p: the mbox still holds mail"
    local got; got=$(sent "$way" "$c")
    [ "$got" = "$want" ] || fail "$kind/$way $p: sent differs: $(diff <(echo "$want") <(echo "$got") | grep '^[<>]')"
    diff -r "$ref/g/orders" "$c/g/orders" >/dev/null || fail "$kind/$way $p: the stored sheets differ"
    [ -z "$(ls "$c/g/mail/queue" 2>/dev/null)" ] || fail "$kind/$way $p: left in the queue: $(ls "$c/g/mail/queue")"
    mail_in "$kind" "$way" "$c"
    expect_out "0 mail(s) read" "$kind/$way $p: a further run"
    [ "$(sent "$way" "$c")" = "$want" ] || fail "$kind/$way $p: a further run sent mail"
  done
  # The whole batch delivered again (a mail system that replays): nothing is handled twice.
  if [ "$kind" = maildir ]; then
    cp in0/new/* "$ref/in/new/"
    mail_in "$kind" "$way" "$ref"
    expect_out "5 handled before" "$kind/$way: the replayed batch is known"
    [ "$(sent "$way" "$ref")" = "$want" ] || fail "$kind/$way: a replayed batch was answered"
  fi
}

# campaign_out WAY ALL: kills mail-out at every point: three reports and two reminders.
campaign_out() {
  local way=$1 all=$2 ref="$T/ref-out-$1"
  rm -rf "$ref"; mkdir -p "$ref/sink"; cp -a "$T/g1" "$ref/g"
  mail_out "$way" "$ref"
  expect_rc 0 "out/$way: the reference run"
  expect_out "5 mail(s) sent, 0 failed." "out/$way: reference"
  local want; want=$(sent "$way" "$ref")
  [ "$(sort -u <<<"$want" | wc -l)" -eq 5 ] || fail "out/$way: the reference sent, not 5 mails: $want"
  rm -rf "$T/trace-run"; mkdir -p "$T/trace-run/sink"; cp -a "$T/g1" "$T/trace-run/g"
  local list; list=$(points "$all" mail_out "$way" "$T/trace-run")
  [ "$(wc -l <<<"$list")" -ge 5 ] || fail "out/$way: only $(wc -l <<<"$list") kill points"
  echo "out/$way: $(wc -l <<<"$list") kill points"
  local p c="$T/c"
  for p in $list; do
    rm -rf "$c"; mkdir -p "$c/sink"; cp -a "$T/g1" "$c/g"
    local slow=0; [ "${p%%:*}" = agent-started ] && slow=0.3
    mail_out "$way" "$c" HYPERLANE_KILL_AT="$p" FAKE_SENDMAIL_SLEEP=$slow
    [ "$rc" -eq 137 ] || { fail "out/$way $p: not killed (exit $rc)"; continue; }
    kills=$((kills + 1))
    mail_out "$way" "$c"
    [ "$rc" -eq 0 ] || { fail "out/$way $p: the run after the kill: exit $rc: $err"; continue; }
    local got; got=$(sent "$way" "$c")
    [ "$got" = "$want" ] || fail "out/$way $p: sent differs: $(diff <(echo "$want") <(echo "$got") | grep '^[<>]')"
    [ "$(grep -c '^\[\[sent\]\]' "$c/g/mail/sent.toml")" -eq 5 ] || fail "out/$way $p: sent.toml"
    [ -z "$(ls "$c/g/mail/queue" 2>/dev/null)" ] || fail "out/$way $p: left in the queue: $(ls "$c/g/mail/queue")"
    mail_out "$way" "$c"
    expect_out "0 mail(s) sent, 0 failed." "out/$way $p: a further run"
  done
}

# Killing a process needs no disk: the campaign runs on a tmpfs when there is one (where a
# flush to disk costs nothing), else in the work folder.
T=$WORK
if [ -d /dev/shm ] && [ -w /dev/shm ] && [ "$(stat -f -c %T /dev/shm)" = tmpfs ]; then
  T=$(mktemp -d /dev/shm/hyperlane-mail-crash.XXXXXX)
  trap 'rm -rf "$T"' EXIT
  cp -a g0 in0 mbox0 "$T/"
fi
cd "$T" || exit 1

# Killed right after the mail system took a mail (by the sendmail stand-in itself, so no test
# hook is needed): the next run sends nothing twice and nothing is lost.
killed_by_sink() {
  local what=$1 n=$2 ref=$3 c="$T/k"
  rm -rf "$c"; mkdir -p "$c/sink"
  if [ "$what" = in ]; then
    setup maildir "$c"
    mail_in maildir sendmail "$c" FAKE_SENDMAIL_KILL_RUN="$n"
  else
    cp -a "$T/g1" "$c/g"
    mail_out sendmail "$c" FAKE_SENDMAIL_KILL_RUN="$n"
  fi
  [ "$rc" -eq 137 ] || fail "$what: the run was not killed at its mail $n (exit $rc)"
  if [ "$what" = in ]; then mail_in maildir sendmail "$c"; else mail_out sendmail "$c"; fi
  expect_rc 0 "$what: the run after the kill at mail $n"
  [ "$(sent sendmail "$c")" = "$(sent sendmail "$ref")" ] \
    || fail "$what killed after mail $n: sent differs: $(diff <(sent sendmail "$ref") <(sent sendmail "$c") | grep '^[<>]')"
  [ -z "$(unhandled "$c")" ] || fail "$what killed after mail $n: mail left unhandled"
}
ref_in="$T/ref-sink-in"; setup maildir "$ref_in"
mail_in maildir sendmail "$ref_in"; expect_rc 0 "mail-in through the stand-in"
for n in 1 3 6; do killed_by_sink in $n "$ref_in"; done
# mail-out: turn 1 is run; BEL has orders for turn 2, so ARC and CAS are reminded.
cp -a g0 g1
run "$HL" run g1 -q
expect_rc 0 "turn 1"
printf 'EMPIRE BEL\nSECRET %s\nTURN 2\n1 TAX\n' "$BEL" > bel.txt
run "$HL" submit g1 bel.txt
expect_rc 0 "BEL's orders for turn 2"
ref_out="$T/ref-sink-out"; rm -rf "$ref_out"; mkdir -p "$ref_out/sink"; cp -a "$T/g1" "$ref_out/g"
mail_out sendmail "$ref_out"; expect_rc 0 "mail-out through the stand-in"
for n in 1 3 5; do killed_by_sink out $n "$ref_out"; done

# The crash campaign proper needs the kill hooks.
cp -a g0 probe
mkdir -p probe-in/new && printf 'From: a@example.net\nSubject: x\n\nhi\n' > probe-in/new/x
HYPERLANE_KILL_AT=mail-read:1 run "$HL" mail-in probe probe-in
if [ "$rc" -ne 137 ]; then
  echo "note: this build has no kill hooks (configure with -DHYPERLANE_TEST_HOOKS=ON): the"
  echo "campaign at every kill point is skipped"
  finish
  exit 0
fi

# Every time each point is reached, for the Maildir and the outbox; the first time for the
# other ways (the same code, reached the same way), to stay within CI's time.
campaign_in maildir outbox all
campaign_in mbox outbox first
campaign_in maildir sendmail first

campaign_out outbox ends
campaign_out sendmail first
echo "$kills kills"
finish
