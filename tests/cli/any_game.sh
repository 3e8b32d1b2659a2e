# A game that is neither Star Chase nor COSMOS runs on the engine without C++: the tally pack
# (tests/data/packs/tally) has no techs.toml and names the fields the engine reads in its own
# words ([constants.sim] out, missed_turns, ended_turn, winner), and the engine honours them.
source "$(dirname "$0")/lib.bash"
T="$SRC/tests/data/packs/tally"
run "$HL" rules check "$T"; expect_rc 0 "a game without techs.toml"

cat > tally.toml <<EOF
[scenario]
name = "Tally"
rules = "$T"
gm = "The GM"

[[empire]]
code = "ARC"
name = "Arcturan House"
player = "Player 1"

[[empire]]
code = "BEL"
name = "Bellatrix House"
computer = true
EOF
run "$HL" new g --scenario tally.toml --seed 1 -q; expect_rc 0 "new tally game"
# By hand (pack.toml, turn.lua): ARC's player sends nothing, so the engine writes its sheets in
# the `missed` mode (TAKE 0) while absences (the pack's missed_turns) is below dropout_after 2:
# after turn 1 absences = 1, after turn 2 absences = 2 and ARC retires (the pack's `out`).
# BEL, a computer house, takes 3 coins a turn. Turn 3 is the last: BEL has 9 coins and is the
# champion (the pack's winner), over_on (the pack's ended_turn) = 3.
for t in 1 2 3; do
  run "$HL" run g -q; expect_rc 0 "run turn $t"
done
grep -q '^retired = true' <(sed -n '/code = "ARC"/,/^\[/p' g/turns/0002/state.toml) \
  || fail "ARC has not retired after turn 2"
[ -f g/turns/0003/orders/ARC.computer.txt ] && fail "a sheet was written for a retired house"
run "$HL" run g; expect_rc 1 "the game has ended: no turn 4"
expect_err "the game ended on turn 3 (BEL won); nothing to run" "ended_turn and winner by their own names"
run "$HL" status g --json; expect_rc 0 "status"
expect_out '"ended": true' "ended"; expect_out '"winner": "BEL"' "winner"
run "$HL" computer g ARC; expect_rc 1 "a retired house"
expect_err "ARC has been eliminated: nobody can play it" "out by its own name"

# Names the pack gives are checked when it is loaded, at the constant's line.
mkdir -p bad
printf '[pack]\nname = "Bad"\nversion = "1.0.0"\nextends = "%s"\n\n[constants.sim]\nout = "gone"\nwinner = "over_on"\n' "$T" > bad/pack.toml
run "$HL" rules check bad; expect_rc 1 "bad engine field names"
expect_err "bad/pack.toml:7:7: error: sim.out: the empire kind has no field 'gone'" "a missing field"
expect_err "bad/pack.toml:8:10: error: game.over_on is read by the engine as an empire or text (sim.winner): it is int" "a field of another type"
# The balance lab needs more of [constants.sim] than the engine does: it says where.
run "$HL" sim --scenario tally.toml --games 1 -q --out lab; expect_rc 1 "sim of a pack without sim.owned_kind"
expect_err "tally/pack.toml:" "sim names the pack's file"
expect_err "no constant sim.owned_kind" "sim names the constant"
finish
