# A pack may decide the order of play during the turn (state.set_turn_order, docs/packs.md "The
# order of play of a turn"): `run`, `trace` and results.json show the order that was played, the
# state keeps the order the next turn starts with, and a wrong order is refused at its line.
source "$(dirname "$0")/lib.bash"
P="$SRC/tests/data/packs/initiative"
run "$HL" rules check "$P"; expect_rc 0 "the initiative variant"

scenario() {  # scenario FILE PACK: four computer houses in the order ARC BEL CAS DEN
  {
    printf '[scenario]\nname = "Initiative"\nrules = "%s"\ngm = "The GM"\n' "$2"
    printf 'order = ["ARC", "BEL", "CAS", "DEN"]\n'
    for c in ARC BEL CAS DEN; do
      printf '\n[[empire]]\ncode = "%s"\nname = "House %s"\ncomputer = true\n' "$c" "$c"
    done
  } > "$1"
}
scenario init.toml "$P"
run "$HL" new g --scenario init.toml --seed 1 -q; expect_rc 0 "new game"
# By hand (tally/pack.toml, initiative/turn.lua): the turn starts in the order ARC BEL CAS DEN
# and the pack reverses it, so DEN, CAS and BEL each take 3 of the pot's 10 coins and ARC, last,
# gets the 1 left.
run "$HL" run g; expect_rc 0 "run turn 1"
expect_out "Turn 1 run (order of play: DEN CAS BEL ARC)." "run shows the order played"
expect_out "Next order of play: ARC BEL CAS DEN" "the state's order is unchanged"
python3 - g/turns/0001/results.json <<'PY' || fail "results.json"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["order_of_play"] == ["DEN", "CAS", "BEL", "ARC"], r["order_of_play"]
took = [(a["empire"], a["details"]["took"]) for a in r["actions"]]
assert took == [("DEN", 3), ("CAS", 3), ("BEL", 3), ("ARC", 1)], took
PY
grep -q '^order_of_play = \["ARC", "BEL", "CAS", "DEN"\]' g/turns/0001/state.toml \
  || fail "state.toml keeps the order the next turn starts with"
run "$HL" trace g; expect_rc 0 "trace"
expect_out "Turn 1: order of play DEN CAS BEL ARC" "trace shows the order played"
[ "$(grep -c '^round' <<<"$out")" -eq 4 ] || fail "four TAKEs traced"
grep -q "^round  1 ARC line .*FAILED (only 1 left in the pot)" <<<"$out" || fail "ARC comes last"
# The notes under the pack's phases (docs/report.md): the pot is empty, which the pack marks a
# warning; the order played is a note for all under its phase "initiative".
[[ "$out" == *$'Phase initiative:\n  Played in the order DEN CAS BEL ARC\nPhase pot:\n  *** 0 coins are left in the pot'* ]] \
  || fail "trace by phases"
section=$'\ninitiative\n----------\nPlayed in the order DEN CAS BEL ARC'
for r in ARC game; do
  [[ "$(cat g/turns/0001/reports/$r.txt)" == *"$section"* ]] || fail "$r's report has the phase's section"
done
grep -qF '*** 0 coins are left in the pot' g/turns/0001/reports/ARC.txt || fail "the warning in ARC's report"
python3 - g/turns/0001/results.json <<'PY' || fail "the warning mark in results.json"
import json, sys
notes = json.load(open(sys.argv[1]))["notes"]
assert [n.get("warning") for n in notes] == [None, True], notes
PY

# Every mistake in the order stops the turn at the line that set it; nothing is saved. (`new`
# plays a pack before it makes a game, so the mistakes are made in the game's copy of it.)
for mode in twice missing stranger; do
  run "$HL" new "g_$mode" --scenario init.toml --seed 1 -q; expect_rc 0 "new game ($mode)"
  sed -i "s/^initiative = \"reverse\"$/initiative = \"$mode\"/" "g_$mode/rules/initiative/pack.toml"
  grep -q "^initiative = \"$mode\"$" "g_$mode/rules/initiative/pack.toml" || fail "the mistake is set ($mode)"
  run "$HL" run "g_$mode"; expect_rc 2 "a bad order ($mode)"
  expect_err "initiative/turn.lua:23: error: state.set_turn_order: " "located ($mode)"
  expect_err "the turn was not saved" "not saved ($mode)"
  [ -d "g_$mode/turns/0001" ] && fail "turn 1 written despite a bad order ($mode)"
done
run "$HL" run g_twice; expect_err "state.set_turn_order: DEN is named twice" "a house named twice"
run "$HL" run g_missing; expect_err "state.set_turn_order: ARC is missing (name every empire still in the game exactly once)" "a house left out"
run "$HL" run g_stranger; expect_err "state.set_turn_order: no empire 'ZZZ'" "no such house"
# Outside a turn (here the set-up) it is refused too: the pack fails its check.
mkdir -p bad_setup
printf '[pack]\nname = "Bad"\nversion = "1.0.0"\nextends = "%s"\n\n[constants.game]\ninitiative = "setup"\n' \
  "$P" > bad_setup/pack.toml
run "$HL" rules check bad_setup; expect_rc 1 "set during the set-up"
expect_err "initiative/turn.lua:19: error: " "located at the set-up's call"
expect_err "state.set_turn_order: only while a turn is played (turn.run)" "outside a turn"
finish
