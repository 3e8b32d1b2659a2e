# Crash safety of hyperlane run (docs/state.md "Turns"): killed at every commit stage (the
# HYPERLANE_CRASH_AT test hook) and by SIGKILL at random moments, the game folder always
# loads as its last complete turn, and running on gives the same bytes as a run that was
# never interrupted.
source "$(dirname "$0")/lib.bash"
source "$SRC/tests/cli/turns_lib.bash"

# Three turns of orders, and the game played through without interruption as the reference.
run "$HL" new fresh --scenario "$SCEN/three_starts.toml" -q; expect_rc 0 "new"
sheet fresh ARC 1 "1 MOVE 101 102 2" "2 BUILD 101 - 3"
sheet fresh BEL 1 "1 MOVE 104 106 2"
# Sheets for turn 2 cannot be submitted before turn 1 is run: stored as submit would store them.
mkdir -p fresh/orders/0002
printf 'EMPIRE ARC\nSECRET ARCKEY\nTURN 2\n1 MOVE 102 103 2\n2 GROW 101\n' > fresh/orders/0002/ARC.txt
printf 'EMPIRE BEL\nSECRET BELKEY\nTURN 1\n1 TAX\n' > fresh/orders/0002/BEL.late.txt
cp -a fresh ref
for t in 1 2 3; do run "$HL" run ref -q; expect_rc 0 "reference turn $t"; done

# Every commit stage: the process dies there (exit 86) while running turn 2.
for point in start results extra state renamed; do
  g=crash-$point
  cp -a fresh $g
  run "$HL" run $g -q; expect_rc 0 "$point: turn 1"
  HYPERLANE_CRASH_AT=$point run "$HL" run $g -q
  expect_rc 86 "$point: the test hook killed the run"
  want=1; [ $point = renamed ] && want=2
  run "$HL" show $g; expect_rc 0 "$point: the game loads after the crash"
  expect_out "Turn $want of a Star Chase" "$point: the game is at its last complete turn"
  cmp -s ref/turns/000$want/state.toml $g/turns/000$want/state.toml || fail "$point: turn $want differs"
  if [ $point != renamed ]; then
    [ -d $g/turns/0002.partial ] || fail "$point: no unfinished turn folder (did the hook fire?)"
    run "$HL" run $g --turn 3; expect_rc 1 "$point: turn 2 is still to run"
  else
    [ -f $g/turns/0002/results.json ] || fail "$point: turn 2 is incomplete"
    run "$HL" run $g --turn 2; expect_rc 1 "$point: turn 2 is complete, not to be run again"
  fi
  while [ "$(latest $g)" != 3 ]; do
    run "$HL" run $g -q; expect_rc 0 "$point: run on after the crash"; [ $rc -eq 0 ] || break
  done
  diff -r ref $g >/dev/null || { fail "$point: the game differs from one never interrupted"; diff -r ref $g | head; }
done

# A sheet whose writing was killed before its rename leaves EMP.txt.tmp (or EMP.computer.txt.tmp)
# behind: it is not a sheet, and the next run clears it away.
cp -a fresh debris
printf 'EMPIRE CYG\nSECRET CYGKEY\nTURN 1\n1 TA' > debris/orders/0001/CYG.txt.tmp
printf '# Orders written by the comp' > debris/orders/0001/BEL.computer.txt.tmp
run "$HL" run debris -q; expect_rc 0 "run with debris"
ls debris/orders/0001 | grep -q tmp && fail "temporary files of killed writes are still there"
cmp -s ref/turns/0001/state.toml debris/turns/0001/state.toml || fail "debris changed turn 1"

# SIGKILL at random moments while a 12-empire game (computer players, who write their sheets
# into orders/) is being run: after each kill the folder loads as a complete turn, the same
# as, or one after, the turn before; at the end it is byte for byte the uninterrupted game.
RANDOM=20240607
run "$HL" new big --scenario standard --seed 5 -q; expect_rc 0 "new standard"
cp -a big big-ref
# Kill times are drawn over the time one run takes on this machine (at least 20 ms).
cp -a big probe
t0=$(date +%s%N); "$HL" run probe -q; t1=$(date +%s%N)
span=$(( (t1 - t0) / 1000000 + 5 )); [ $span -lt 20 ] && span=20
kills=0 unfinished=0 turn=0
for i in $(seq 1 30); do
  "$HL" run big -q >/dev/null 2>&1 &
  pid=$!
  ms=$((RANDOM % span))
  sleep "$((ms / 1000)).$(printf %03d $((ms % 1000)))"
  kill -KILL $pid 2>/dev/null
  wait $pid 2>/dev/null; [ $? = 137 ] && kills=$((kills + 1))
  ls big/turns | grep -q partial && unfinished=$((unfinished + 1))
  now=$(latest big)
  if [ -z "$now" ] || [ "$now" -lt "$turn" ] || [ "$now" -gt $((turn + 1)) ]; then
    fail "kill $i: the game is at turn '${now}' after turn $turn"; break
  fi
  [ -f big/turns/$(printf %04d "$now")/results.json ] || [ "$now" = 0 ] || fail "kill $i: turn $now is incomplete"
  turn=$now
  # Every other round a run that is not killed, so the game moves on whatever the timing.
  if [ $((i % 2)) = 0 ]; then run "$HL" run big -q; expect_rc 0 "run after kill $i"; turn=$((turn + 1)); fi
done
echo "SIGKILL: $kills of 30 runs killed (within ${span} ms), $unfinished left an unfinished turn folder; the game reached turn $turn"
for t in $(seq 1 "$turn"); do run "$HL" run big-ref -q; expect_rc 0 "reference turn $t"; done
diff -r big-ref big >/dev/null || { fail "the killed game differs from one never interrupted"; diff -r big-ref big | head; }
finish
