# Hand edits of a state file that would make the game run some other turn, or read a format this
# program does not know, are refused with the file and line before anything runs (docs/state.md
# "Readers, writers and failures").
source "$(dirname "$0")/lib.bash"
source "$SRC/tests/cli/turns_lib.bash"

run "$HL" new g --scenario "$SCEN/three_starts.toml" -q; expect_rc 0 "new"
sheet g ARC 1 "1 MOVE 101 102 2"
run "$HL" run g -q; expect_rc 0 "turn 1"
state=g/turns/0001/state.toml
cp $state state.orig
line_of() { grep -n "^$1 = " $state | head -1 | cut -d: -f1; }

# turn = 8 in turns/0001: `run` would play turn 9 after turn 1.
sed -i 's/^turn = 1$/turn = 8/' $state
line=$(line_of turn)
before=$(snapshot g)
for cmd in "run g" "show g" "status g" "report g" "rollback g --to 1"; do
  run $HL $cmd; expect_rc 1 "$cmd on a state whose turn was edited"
  expect_err "g/turns/0001/state.toml:$line:8: error: turn: 8, but this is the state after turn 1 (turns/0001); the turn of turns/NNNN/state.toml must be NNNN" "$cmd names the file and line"
done
[ "$before" = "$(snapshot g)" ] || fail "a refused command changed the game"
ls g/turns | grep -qv '^000[01]$' && fail "a turn was written: $(ls g/turns)"
# Turn 0's state edited to 1: the set-up cannot pretend to be turn 1.
sed -i 's/^turn = 0$/turn = 1/' g/turns/0000/state.toml
run "$HL" show g --turn 0; expect_rc 1 "turn 0 edited"
expect_err "g/turns/0000/state.toml:" "names turn 0's file"
sed -i 's/^turn = 1$/turn = 0/' g/turns/0000/state.toml
cp state.orig $state

# An unknown format: refused with its line.
for f in 1 3 '"2"'; do
  sed -i "s/^format = .*/format = $f/" $state
  line=$(line_of format)
  run "$HL" run g; expect_rc 1 "format = $f"
  expect_err "g/turns/0001/state.toml:$line:" "format = $f names the file and line"
  expect_err "format" "format = $f says what is wrong"
  [ -e g/turns/0002 ] && fail "format = $f: a turn was run"
done
sed -i '/^format = /d' $state
run "$HL" run g; expect_rc 1 "no format at all"
expect_err "format" "a missing format is named"
cp state.orig $state
run "$HL" run g -q; expect_rc 0 "the restored state runs"
[ "$(latest g)" = 2 ] || fail "turn 2 was not played after the restore"
finish
