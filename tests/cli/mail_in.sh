# hyperlane mail-in: the corpus of real-world-shaped mails (tests/mail/corpus) read from a
# Maildir and from an mbox, sheets checked and stored as submit does, every sender answered in
# the outbox Maildir (parsed back with Python's MIME parser), handled mail moved so a second run
# takes nothing, automatic mail never answered, a locked game leaves the mail for later.
source "$(dirname "$0")/lib.bash"
CORPUS=$SRC/tests/mail/corpus
# Debian's Python, which has python3-aiosmtpd (not another python3 earlier on PATH).
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
MIME="$PY $SRC/tests/mail/mime_check.py"

run "$HL" new g --scenario small --seed 5 -q --player "ARC=Alice Smith <alice@example.net>" \
  --player "BEL=Bob <bob@example.com>" --player "CAS=Carol <carol@example.org>"
expect_rc 0 "new with a roster"
# The corpus mails carry these secrets.
sed -i -e 's/^ARC = .*/ARC = "K7QX2M9P"/' -e 's/^BEL = .*/BEL = "B3LQ8RT2"/' \
  -e 's/^CAS = .*/CAS = "C4SW9ZK1"/' g/game.toml

mkdir -p inbox/new inbox/cur inbox/tmp
i=0
for f in "$CORPUS"/*.eml; do
  i=$((i + 1))
  cp "$f" "inbox/new/$(basename "$f" .eml)"
  touch -d "2026-11-30 18:00:$(printf %02d $i)" "inbox/new/$(basename "$f" .eml)"
done
total=$i

run "$HL" mail-in g inbox
expect_rc 1 "mail-in without a GM address"
expect_err "gm GAME --address" "says how to set the address"
[ "$(ls inbox/new | wc -l)" -eq "$total" ] || fail "mail was taken without a GM address"

run "$HL" gm g --name "Star Chase GM" --address orders@example.org
expect_rc 0 "gm --address"

run "$HL" mail-in g inbox
expect_rc 0 "mail-in reads the corpus"
expect_out "$total mail(s) read: 13 sheet(s) stored, 4 refused, 2 ignored" "the counts"
expect_out "15-auto-reply from alice@example.net: ignored: an automatic mail" "auto-reply ignored"
expect_out "16-bounce from MAILER-DAEMON@mx.example.org: ignored" "bounce ignored"
expect_out "09-html-only from dave@example.net: refused: this mail has only an HTML part" "HTML"
expect_out "13-two-sheets from alice@example.net: refused: this mail holds 2 different" "two"
expect_out "18-wrong-secret from mallory@example.com: refused: 1 error(s) in the sheet (empire or secret wrong)" "secret"
[ "$(ls inbox/new | wc -l)" -eq 0 ] || fail "mail left in new/"
[ "$(ls inbox/cur | grep -c ':2,S$')" -eq "$total" ] || fail "handled mail not in cur/ flagged S"

# The last sheet of each empire stands, as read from the mail.
cmp -s g/orders/0001/ARC.txt <(tail -n +2 "$CORPUS/11-format-flowed.expect") || fail "ARC's sheet is not the flowed one"
cmp -s g/orders/0001/BEL.txt <(tail -n +2 "$CORPUS/19-undeclared-8bit.expect") || fail "BEL's sheet is not the 8-bit one"
cmp -s g/orders/0001/CAS.txt <(tail -n +2 "$CORPUS/17-utf16-attachment.expect") || fail "CAS's sheet is not the UTF-16 one"
grep -q 'Café “quotes”' g/orders/0001/BEL.txt || fail "Windows-1252 not made UTF-8"
run "$HL" submit g g/orders/0001/ARC.txt
expect_rc 0 "a stored mail sheet is a sheet submit takes"

# Answers go only to the roster address of the empire a sheet names (or that sent a mail that
# names none); any other sender (From or Reply-To) gets a short note that quotes nothing.
# 17 mails were not automatic; four came from, or asked answers at, another address.
replies=(g/mail/outbox/new/*)
[ "${#replies[@]}" -eq 21 ] || fail "expected 21 answers and notes, got ${#replies[@]}"
summary=$($MIME summary "${replies[@]}") || fail "an answer does not parse"
[ "$(grep -c 'orders stored' <<<"$summary")" -eq 13 ] || fail "13 'orders stored' answers: $summary"
[ "$(grep -c '| \[Small game\] your mail to the GM |' <<<"$summary")" -eq 6 ] || fail "6 notes: $summary"
for a in bob@home.example alice.smith@gmail.example alice@corp.example mallory@example.com dave@example.net; do
  grep -q "^$a | \[Small game\] your mail to the GM | text/plain" <<<"$summary" || fail "no note to $a: $summary"
  grep "^$a |" <<<"$summary" | grep -vq 'your mail to the GM' && fail "$a got more than a note: $summary"
done
grep -q '^Bob <bob@example.com> | \[Small game\] BEL turn 1: orders stored | text/plain' <<<"$summary" \
  || fail "the roster address does not get the answer to a mail with another Reply-To: $summary"
grep -q '^Alice Smith <alice@example.net> | \[Small game\] ARC turn 1: orders NOT stored (1 error)' <<<"$summary" \
  || fail "the roster address does not hear of a wrong secret: $summary"
grep -q '^Alice Smith <alice@example.net> | \[Small game\] no turnsheet read from your mail' <<<"$summary" \
  || fail "a roster address's mail without a sheet is not answered: $summary"
grep -q 'dave@example.net> | ' <<<"$summary" && fail "a stranger got an answer: $summary"
came_from() { for r in "${replies[@]}"; do $MIME part "$r" text/plain | grep -q "This mail came from $1, not from this address" && return 0; done; return 1; }
for a in alice.smith@gmail.example alice@corp.example mallory@example.com bob@home.example; do
  came_from "$a" || fail "the roster address is not told that $a sent (or asked answers for) a mail"
done
for r in "${replies[@]}"; do
  [ "$($MIME header "$r" Auto-Submitted)" = auto-replied ] || fail "$r: not Auto-Submitted: auto-replied"
  [ "$($MIME header "$r" From)" = 'Star Chase GM <orders@example.org>' ] || fail "$r: From"
  body=$($MIME part "$r" text/plain)
  subject=$($MIME header "$r" Subject)
  if [ "$subject" = "[Small game] your mail to the GM" ]; then
    [ "$(wc -c <<<"$body")" -lt 600 ] || fail "$r: the note is long: $body"
    grep -Eq 'ARC|BEL|CAS|SECRET|EMPIRE|stored|error' <<<"$body" && fail "$r: the note says something of the mail: $body"
    $MIME header "$r" In-Reply-To >/dev/null && fail "$r: the note quotes the Message-ID"
  fi
  if grep -q 'came from mallory@example.com' <<<"$body"; then
    grep -q 'line 2: error: SECRET: wrong secret for empire ARC' <<<"$body" || fail "mallory: no secret error: $body"
    grep -q 'do not own' <<<"$body" && fail "the answer about mallory's sheet tells what ARC owns: $body"
    grep -q 'The other lines are checked once' <<<"$body" || fail "mallory: no note on hidden lines"
    grep -q ' | ' <<<"$body" && fail "a sheet without the secret is quoted: $body"
  fi
  if grep -q 'turn 1: orders stored' <<<"$subject"; then
    grep -q '   2 | SECRET \*\*\*\*\*\*\*\*' <<<"$body" || fail "$r: sheet echo without hidden secret: $body"
    grep -Eq 'K7QX2M9P|B3LQ8RT2|C4SW9ZK1' <<<"$body" && fail "$r: the secret is echoed"
  fi
done
[ -n "$($MIME header "${replies[0]}" In-Reply-To)" ] || fail "answers do not thread (In-Reply-To)"

run "$HL" mail-in g inbox
expect_rc 0 "second run"
expect_out "0 mail(s) read" "a second run takes nothing"
[ "$(ls g/mail/outbox/new | wc -l)" -eq 21 ] || fail "a second run answered again"

# mbox: the messages move into the game's inbox Maildir, then the mbox is emptied; a >From
# line is unquoted. A mail handled before (its Message-ID in the journal) is not read again.
newid() { sed "s/^Message-ID: <\(.*\)>/Message-ID: <$1.\1>/" "$2"; }
{
  echo "From alice@example.net Mon Nov 30 18:00:00 2026"
  newid mbox "$CORPUS/01-plain-body.eml"
  echo
  echo "From dave@example.net Mon Nov 30 18:05:00 2026"
  newid mbox "$CORPUS/14-no-sheet.eml" | sed 's/^Dave$/>From Dave/'
  echo
  echo "From alice@example.net Mon Nov 30 18:06:00 2026"
  cat "$CORPUS/04-crlf-message.eml"
  echo
} > box.mbox
inode=$(stat -c %i box.mbox)
run "$HL" mail-in g box.mbox
expect_rc 0 "mbox"
expect_out "3 mail(s) read: 1 sheet(s) stored, 1 refused, 0 ignored, 1 handled before; handled mail moved to g/mail/inbox/cur" "mbox counts"
expect_out "handled before (the journal has it): not read again" "the replayed mail is known"
[ ! -s box.mbox ] || fail "the mbox still holds mail"
[ "$(stat -c %i box.mbox)" = "$inode" ] || fail "the mbox was replaced, not emptied (a delivery agent may still write the old file)"
[ "$(ls g/mail/inbox/cur | wc -l)" -eq 3 ] || fail "g/mail/inbox/cur lacks the 3 messages"
grep -qx 'From Dave' g/mail/inbox/cur/* || fail ">From not unquoted"
[ ! -e box.mbox.lock ] || fail "the mbox dot-lock was left behind"
run "$HL" mail-in g box.mbox
expect_out "0 mail(s) read" "second mbox run"

# A game another command holds: nothing is taken, the mail stays for the next run.
newid late "$CORPUS/02-quoted-printable.eml" > inbox/new/late-one
flock -n g/.lock -c 'sleep 6' &
holder=$!
sleep 0.5
run "$HL" mail-in g inbox --wait 1
expect_rc 1 "mail-in on a locked game"
expect_err "stopped early" "says it stopped"
[ -e inbox/new/late-one ] || fail "the mail was taken although the game was locked"
wait $holder
run "$HL" mail-in g inbox
expect_rc 0 "after the lock"
expect_out "late-one from bob@example.com: stored BEL orders for turn 1 (replacing an earlier sheet)" "taken later"

# An answer that cannot be sent: the sheet is still stored, the run says so and exits 1.
newid unanswered "$CORPUS/01-plain-body.eml" > inbox/new/unanswered
run "$HL" mail-in g inbox --sendmail false
expect_rc 1 "failed answer"
expect_out "the answer to alice@example.net could not be sent: 'false' failed with exit status 1" "why"
expect_err "they stay queued, and the next run sends them" "says it is kept"
[ ! -e inbox/new/unanswered ] || fail "a stored mail whose answer failed was left to be stored again"
run "$HL" mail-in g inbox
expect_rc 0 "the next run"
expect_out "queued answer answer-id-" "the queued answer is sent by the next run"
[ "$(ls g/mail/queue | wc -l)" -eq 0 ] || fail "the queue is not empty: $(ls g/mail/queue)"

# Bad mailboxes.
run "$HL" mail-in g nowhere
expect_rc 1 "no mailbox"
expect_err "no such Maildir or mbox file" "says so"
mkdir plain
run "$HL" mail-in g plain
expect_err "not a Maildir" "a folder without new/"
printf 'hello\n' > notmbox
run "$HL" mail-in g notmbox
expect_err "not an mbox file" "a file that is not an mbox"
finish
