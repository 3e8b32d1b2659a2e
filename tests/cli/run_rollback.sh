# hyperlane rollback: back to the end of turn N with the orders kept; re-running reproduces the
# removed turns byte for byte; a corrected sheet is used on the re-run and computer orders
# written for a turn that has a player's sheet now are removed (docs/state.md "Turns").
source "$(dirname "$0")/lib.bash"
source "$SRC/tests/cli/turns_lib.bash"

# Four turns with captures of unowned systems (Old Empire finds: random draws), research, the
# census of turn 3 and computer orders for CYG on turn 2.
run "$HL" new g --scenario "$SCEN/three_starts.toml" -q; expect_rc 0 "new"
sheet g ARC 1 "1 MOVE 101 102 2" "2 BUILD 101 - 3"
sheet g BEL 1 "1 MOVE 104 106 2" "2 NEWCRS - - 1"
sheet g CYG 1 "1 TAX"
run "$HL" run g -q; expect_rc 0 "turn 1"
sheet g ARC 2 "1 MOVE 102 103 2" "2 GROW 101"
sheet g BEL 2 "1 MOVE 106 105 2"
run "$HL" run g -q; expect_rc 0 "turn 2"
sheet g ARC 3 "1 TAX"
sheet g BEL 3 "1 MOVE 104 106 AB-1" "16 STASH"
sheet g CYG 3 "1 BUILD 171 - 2"
run "$HL" run g -q; expect_rc 0 "turn 3"
sheet g ARC 4 "1 MOVE 103 105 2"
sheet g BEL 4 "1 TAX"
sheet g CYG 4 "1 TAX"
run "$HL" run g -q; expect_rc 0 "turn 4"
[ -f g/orders/0002/CYG.computer.txt ] || fail "CYG got no computer orders on turn 2"
cp -a g ref

# Refusals change nothing.
before=$(snapshot g)
run "$HL" rollback g --to 5; expect_rc 1 "roll forward"; expect_err "cannot roll back to turn 5: the game is at turn 4" "refusal"
run "$HL" rollback g --to -1; expect_rc 1 "negative turn"
run "$HL" rollback notagame --to 0; expect_rc 1 "not a game"
run "$HL" rollback g --to 4; expect_rc 0 "roll back to the current turn"; expect_out "The game is already at turn 4; nothing removed." "no-op"
[ "$before" = "$(snapshot g)" ] || fail "a refused rollback changed the game"

# Back to the end of turn 1: turns 2-4 go, every orders folder stays.
run "$HL" rollback g --to 1; expect_rc 0 "rollback"
expect_out "Rolled back to the end of turn 1: removed turns 2, 3, 4. Orders were kept; \`hyperlane run g\` plays turn 2 again." "rollback message"
[ "$(latest g)" = 1 ] || fail "the game is not at turn 1 after the rollback"
for t in 0002 0003 0004; do [ -e g/turns/$t ] && fail "turn $t is still there"; done
ls g/turns | grep -q partial && fail "rollback left a .partial folder"
diff -r ref/orders g/orders >/dev/null || fail "rollback changed the orders"
cmp -s ref/turns/0001/state.toml g/turns/0001/state.toml || fail "rollback changed turn 1"

# Re-running with the same orders gives the same game, byte for byte.
run "$HL" run g --turn 1; expect_rc 1 "turn 1 is still done"
for t in 2 3 4; do run "$HL" run g --turn $t -q; expect_rc 0 "re-run turn $t"; done
diff -r ref g >/dev/null || { fail "re-run differs from the first run"; diff -r ref g | head -20; }

# Rolling back to turn 0 (the set-up) works too, and the re-run is again the same.
run "$HL" rollback g --to 0; expect_rc 0 "rollback to the set-up"
[ "$(latest g)" = 0 ] || fail "the game is not at turn 0"
for t in 1 2 3 4; do run "$HL" run g -q; expect_rc 0 "re-run turn $t from the set-up"; done
diff -r ref g >/dev/null || fail "re-run from the set-up differs from the first run"

# A correction: CYG's sheet for turn 2 arrives after all. Turn 2 runs on it, and the computer
# orders written for CYG the first time are removed: the orders folder shows what ran.
run "$HL" rollback g --to 1
expect_rc 0 "rollback for a correction"
sheet g CYG 2 "1 GROW 107"
run "$HL" run g; expect_rc 0 "re-run turn 2 with CYG's sheet"
expect_out "Orders: ARC BEL CYG from players" "CYG's own sheet used"
[ -e g/orders/0002/CYG.computer.txt ] && fail "the old computer orders for CYG are still there"
grep -qF '"text":"1GROW107"' <<<"$(tr -d ' \n' < g/turns/0002/results.json)" || fail "CYG's sheet did not run"
cmp -s ref/turns/0002/state.toml g/turns/0002/state.toml && fail "the corrected turn is identical to the old one"
finish
