# Crash safety of `rollback` and `submit` (docs/hosting.md "Threat model and guarantees: the game
# folder"), as tests/cli/run_crash.sh does for `run`: killed at chosen points (the
# HYPERLANE_CRASH_AT test hook) and by SIGKILL at random moments, a rollback leaves a prefix of
# whole turns, each byte for byte as before, with every order kept, and finishes when run again;
# a submit leaves the old sheet or the new one, whole, and nothing that stops the game.
source "$(dirname "$0")/lib.bash"
source "$SRC/tests/cli/turns_lib.bash"

# same_prefix REF GAME WHAT: GAME's complete turns are 0..latest, each the same as REF's, and
# its orders are REF's.
same_prefix() {
  local ref=$1 g=$2 what=$3 now t
  now=$(latest "$g")
  [ -n "$now" ] || { fail "$what: the game does not load"; return; }
  for t in $(seq 0 "$now"); do
    diff -r "$ref/turns/$(printf %04d "$t")" "$g/turns/$(printf %04d "$t")" >/dev/null ||
      fail "$what: turn $t differs from before the rollback"
  done
  for d in "$g"/turns/[0-9][0-9][0-9][0-9]; do
    [ "$((10#$(basename "$d")))" -le "$now" ] || fail "$what: turn $(basename "$d") is past the latest ($now)"
  done
  diff -r "$ref/orders" "$g/orders" >/dev/null || fail "$what: the orders changed"
}

# --- rollback at chosen points -------------------------------------------------------------
run "$HL" new ref --scenario "$SCEN/three_starts.toml" -q; expect_rc 0 "new"
sheet ref ARC 1 "1 MOVE 101 102 2" "2 BUILD 101 - 3"
sheet ref BEL 1 "1 MOVE 104 106 2"
for t in 1 2 3 4; do run "$HL" run ref -q; expect_rc 0 "reference turn $t"; done
for point in rollback-start rollback-renamed rollback-synced; do
  g=rb-$point
  cp -a ref $g
  HYPERLANE_CRASH_AT=$point run "$HL" rollback $g --to 1
  expect_rc 86 "$point: the test hook killed the rollback"
  same_prefix ref $g "$point"
  run "$HL" status $g; expect_rc 0 "$point: status after the crash"
  run "$HL" rollback $g --to 1; expect_rc 0 "$point: the rollback again"
  [ "$(latest $g)" = 1 ] || fail "$point: not at turn 1 after the second rollback"
  for t in 2 3 4; do run "$HL" run $g -q; expect_rc 0 "$point: re-run turn $t"; done
  diff -r ref $g >/dev/null || { fail "$point: the re-run game differs"; diff -r ref $g | head -5; }
done

# --- submit at chosen points ----------------------------------------------------------------
run "$HL" new s --scenario "$SCEN/three_starts.toml" -q; expect_rc 0 "new for submit"
printf 'EMPIRE ARC\nSECRET ARCKEY\nTURN 1\n1 TAX\n' > old.txt
printf 'EMPIRE ARC\nSECRET ARCKEY\nTURN 1\n1 MOVE 101 102 2\n2 BUILD 101 - 3\n' > new.txt
printf 'EMPIRE ARC\nSECRET ARCKEY\nTURN 1\n1 FROB\n' > bad.txt
# point: the sheet the game holds after the kill (old or new).
for case in tmp-written:old file-renamed:new submit-stored:new; do
  point=${case%%:*} want=${case#*:}
  g=sub-$point
  cp -a s $g
  run "$HL" submit $g old.txt; expect_rc 0 "$point: the first sheet"
  HYPERLANE_CRASH_AT=$point run "$HL" submit $g new.txt
  expect_rc 86 "$point: the test hook killed the submit"
  cmp -s $want.txt $g/orders/0001/ARC.txt || fail "$point: the stored sheet is not the $want one, whole"
  run "$HL" status $g; expect_rc 0 "$point: status after the crash"
  expect_out "submitted" "$point: the sheet counts as submitted"
  run "$HL" run $g -q; expect_rc 0 "$point: run after the crash"
  ls $g/orders/0001 | grep -q tmp && fail "$point: run left the killed submit's temporary file"
done
# A refused sheet killed while it is kept: the stored sheet stands.
cp -a s sub-refused
run "$HL" submit sub-refused old.txt; expect_rc 0 "refused: the first sheet"
HYPERLANE_CRASH_AT=tmp-written run "$HL" submit sub-refused bad.txt
expect_rc 86 "refused: killed while the refused sheet is kept"
cmp -s old.txt sub-refused/orders/0001/ARC.txt || fail "refused: the stored sheet changed"
run "$HL" status sub-refused; expect_rc 0 "refused: status after the crash"

# --- SIGKILL at random moments ---------------------------------------------------------------
RANDOM=20261127
# kill_at_random SPAN_MS CMD...: starts CMD, kills it after a random time below SPAN_MS; sets
# $killed to 1 if the kill came before it finished.
kill_at_random() {
  local span=$1; shift
  "$@" >/dev/null 2>&1 &
  local pid=$! ms=$((RANDOM % span))
  sleep "$((ms / 1000)).$(printf %03d $((ms % 1000)))"
  kill -KILL $pid 2>/dev/null
  wait $pid 2>/dev/null; [ $? = 137 ] && killed=1 || killed=0
}
# span CMD...: how long CMD takes on this machine, in ms (at least 20).
span_of() { local t0 t1 s; t0=$(date +%s%N); "$@" >/dev/null 2>&1; t1=$(date +%s%N)
  s=$(( (t1 - t0) / 1000000 + 5 )); [ $s -lt 20 ] && s=20; echo $s; }

# Rollbacks of a 12-empire game, two turns at a time, killed at random; the game is run forward
# again after each.
run "$HL" new big --scenario standard --seed 5 -q; expect_rc 0 "new standard"
for t in 1 2 3 4; do run "$HL" run big -q; expect_rc 0 "standard turn $t"; done
cp -a big big-ref
cp -a big probe; span=$(span_of "$HL" rollback probe --to 2)
kills=0
for i in $(seq 1 20); do
  killed=0
  kill_at_random $span "$HL" rollback big --to 2
  kills=$((kills + killed))
  same_prefix big-ref big "rollback kill $i"
  now=$(latest big); [ -n "$now" ] || break
  [ "$now" -ge 2 ] || fail "rollback kill $i: the game went back past turn 2 (to $now)"
  while [ "$(latest big)" -lt 4 ]; do
    run "$HL" run big -q; [ $rc -eq 0 ] || { fail "run on after rollback kill $i"; break; }
  done
  ls big/turns | grep -q partial && fail "rollback kill $i: a .partial folder outlived the run"
done
diff -r big-ref big >/dev/null || { fail "the game differs after the killed rollbacks"; diff -r big-ref big | head -5; }
echo "rollback: $kills of 20 killed (within ${span} ms)"

# Submits of two sheets by turns, killed at random: the stored sheet is always one of them,
# whole, and status reads the game.
cp -a s probe-s; span=$(span_of "$HL" submit probe-s new.txt)
run "$HL" submit s old.txt; expect_rc 0 "the first sheet"
kills=0
for i in $(seq 1 30); do
  killed=0
  sheetfile=new.txt; [ $((i % 2)) = 0 ] && sheetfile=old.txt
  kill_at_random $span "$HL" submit s $sheetfile
  kills=$((kills + killed))
  { cmp -s old.txt s/orders/0001/ARC.txt || cmp -s new.txt s/orders/0001/ARC.txt; } ||
    fail "submit kill $i: the stored sheet is neither sheet, whole"
  run "$HL" status s; expect_rc 0 "status after submit kill $i"
done
run "$HL" run s -q; expect_rc 0 "run after the killed submits"
ls s/orders/0001 | grep -q tmp && fail "temporary files of killed submits outlived the run"
echo "submit: $kills of 30 killed (within ${span} ms)"
finish
