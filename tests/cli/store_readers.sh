# Readers and writers of one game folder (docs/state.md "Readers, writers and failures"): a
# reader that has chosen the latest turn reads it whole although a rollback comes meanwhile
# (the rollback waits); readers in a loop never fail during run/rollback cycles, and the writers
# are never kept out by them; `--wait SECONDS` waits for the game lock instead of giving up.
source "$(dirname "$0")/lib.bash"
source "$SRC/tests/cli/turns_lib.bash"

run "$HL" new g --scenario "$SCEN/three_starts.toml" -q; expect_rc 0 "new"
sheet g ARC 1 "1 MOVE 101 102 2" "2 BUILD 101 - 3"
sheet g BEL 1 "1 MOVE 104 106 2"
run "$HL" run g -q; expect_rc 0 "turn 1"
sheet g ARC 2 "1 MOVE 102 103 2" "2 GROW 101"
run "$HL" run g -q; expect_rc 0 "turn 2"
printf 'EMPIRE ARC\nSECRET ARCKEY\nTURN 3\n1 TAX\n' > arc3.txt

# wait_for FILE: waits (30 s at most) until FILE exists.
wait_for() { local i; for i in $(seq 1 600); do [ -e "$1" ] && return 0; sleep 0.05; done; return 1; }

# A reader paused right after it chose turn 2 as the latest (the HYPERLANE_PAUSE_AT test hook):
# a rollback to turn 1 started then must not remove turn 2 under it; once the reader goes on it
# reads turn 2 whole, and the rollback finishes after it.
for reader in "show g" "status g" "report g" "check g arc3.txt"; do
  rm -f pause
  HYPERLANE_PAUSE_AT=reader-chose-turn HYPERLANE_PAUSE_FILE=$WORK/pause \
    $HL $reader > reader.out 2> reader.err &
  rpid=$!
  wait_for pause || fail "$reader: never reached the pause point"
  $HL rollback g --to 1 > rollback.out 2>&1 &
  bpid=$!
  sleep 0.5  # time enough for a rollback that nothing stops
  [ -f g/turns/0002/state.toml ] || fail "$reader: the rollback removed turn 2 while it was being read"
  rm -f pause
  wait $rpid; rc=$?
  out=$(cat reader.out); err=$(cat reader.err)
  expect_rc 0 "$reader reads while a rollback waits"
  case $reader in
    show*) expect_out "Turn 2 of" "$reader saw turn 2" ;;
    status*) expect_out "turn 2 played" "$reader saw turn 2" ;;
    check*) expect_out "OK" "$reader checked against turn 2" ;;
  esac
  wait $bpid; rc=$?; out=$(cat rollback.out); err=
  expect_rc 0 "the rollback after $reader"
  [ -e g/turns/0002 ] && fail "$reader: the rollback did not remove turn 2"
  run "$HL" run g -q; expect_rc 0 "turn 2 again after $reader"
done

# Readers in a loop while run and rollback take turns: no reader fails, no writer is kept out.
writer() {
  local i
  for i in $(seq 1 12); do
    "$HL" rollback g --to 0 >/dev/null 2>>writer.err || echo "rollback $i failed" >> writer.fail
    "$HL" run g -q 2>>writer.err || echo "run $i.1 failed" >> writer.fail
    "$HL" run g -q 2>>writer.err || echo "run $i.2 failed" >> writer.fail
  done
}
reader_loop() {
  local n=0 cmd
  while [ -e writing ] && [ $n -lt 150 ]; do
    n=$((n + 1))
    case $((n % 4)) in
      0) cmd=(show g) ;; 1) cmd=(status g) ;; 2) cmd=(report g -e ARC) ;; 3) cmd=(show g --json) ;;
    esac
    "$HL" "${cmd[@]}" >/dev/null 2>reader$1.last || { echo "${cmd[*]}: $(cat reader$1.last)" >> readers.fail; }
    echo >> reads.count
  done
}
rm -f writer.fail readers.fail reads.count writer.err
touch writing
reader_loop 1 & r1=$!
reader_loop 2 & r2=$!
reader_loop 3 & r3=$!
timeout 300 bash -c "$(declare -f writer); HL='$HL'; writer"; wrc=$?
rm -f writing
wait $r1 $r2 $r3
reads=$(wc -l < reads.count)
[ $wrc -eq 0 ] || fail "the writers did not finish within 300 s (rc $wrc)"
[ -e writer.fail ] && fail "writers kept out by readers: $(cat writer.fail) $(head -3 writer.err)"
[ -e readers.fail ] && fail "$(wc -l < readers.fail) of $reads reads failed, first: $(head -2 readers.fail)"
echo "$reads reads during 12 rollback/run cycles"
[ "$(latest g)" = 2 ] || fail "the game is not at turn 2 after the cycles"

# --wait: while another process holds the game lock (flock(1) on .lock until the file `hold` is
# removed), a command without --wait is refused at once, one with a short --wait gives up saying
# so, and one with a long --wait goes ahead once the lock is free.
touch hold
flock g/.lock sh -c 'while [ -e hold ]; do sleep 0.05; done' &
holder=$!
for i in $(seq 1 600); do flock -n g/.lock true || break; sleep 0.05; done
run "$HL" run g -q; expect_rc 1 "run without --wait"
expect_err "another hyperlane command is running this game right now" "refused at once"
for cmd in "run g -q" "rollback g --to 1" "submit g arc3.txt" "replace g ARC --name Ann" \
           "computer g ARC" "rerender g"; do
  run $HL $cmd --wait 1; expect_rc 1 "$cmd --wait 1 while the lock is held"
  expect_err "another hyperlane command was running this game for all the 1 s waited (nothing was changed)" "$cmd gives up after waiting"
done
[ "$(latest g)" = 2 ] || fail "a command that gave up changed the game"
$HL run g --wait 60 -q > waited.out 2>&1 &
waiter=$!
sleep 0.3
kill -0 $waiter 2>/dev/null || fail "run --wait 60 did not wait for the lock"
rm -f hold
wait $holder
wait $waiter; rc=$?; out=$(cat waited.out)
expect_rc 0 "run --wait 60 once the lock is free"
[ "$(latest g)" = 3 ] || fail "run --wait did not play turn 3"
finish
