# COSMOS Stellar Conflict (rules/cosmos, issue 15): a 14-race game of computer players plays
# to its hidden end, and the same seed plays the same game byte for byte. A 4-race game with
# player races runs on default orders (2.3); rules check passes for the pack and its variant.
source "$(dirname "$0")/lib.bash"
run "$HL" rules check "$SRC/rules/cosmos"; expect_rc 0 "rules check cosmos"
run "$HL" rules check "$SRC/rules/variants/cosmos_gunboats"; expect_rc 0 "rules check gunboats"

play_out() {  # play_out DIR: turns until the game ends (at most 14)
  for t in $(seq 1 15); do
    run "$HL" run "$1"
    if [ "$rc" -ne 0 ]; then
      expect_err "the game ended on turn" "$1 stops only at its end (turn $t)"
      return
    fi
  done
  fail "$1 did not end within 14 turns"
}
for g in a b; do
  run "$HL" new $g --scenario cosmos --seed 9 --all-computer; expect_rc 0 "new $g"
  play_out $g
done
last=$(ls a/turns | sort | tail -1)
[ "$last" -ge 12 ] && [ "$last" -le 14 ] || fail "the game lasted $last turns, not 12 to 14"
grep -q '^ended_turn = 1[234]$' a/turns/"$last"/state.toml || fail "no ended_turn in the last state"
grep -q '^winner = "[0-9]' a/turns/"$last"/state.toml || fail "no winner in the last state"
grep -q 'The game ended after turn' a/turns/"$last"/reports/1.txt || fail "no final scores"
for f in state.toml results.json reports/1.txt reports/14.txt; do
  cmp -s a/turns/"$last"/$f b/turns/"$last"/$f || fail "the same seed played differently: $f"
done
# The computer players founded colonies.
[ "$(grep -c 'founded the colony' a/turns/*/reports/3.txt | awk -F: '{s+=$2} END {print s}')" -gt 0 ] \
  || fail "race 3 founded no colony"

# The small scenario: players who send no orders get the default orders.
run "$HL" new s --scenario cosmos_small --seed 4; expect_rc 0 "new small"
run "$HL" run s; expect_rc 0 "small turn 1"
grep -q 'constructed 25 industries' s/turns/0001/reports/1.txt || fail "no default orders for race 1"
# ... and the sheet the computer wrote for it holds them (2.3): its 50 population runs 50
# industries, it has 25: 25 more, each paying back its 5 i.p. in 3 of the 12 turns left.
sheet=s/orders/0001/1.computer.txt
grep -q '^C[0-9][0-9][0-9]:$' $sheet || fail "no colony block in the missed race's sheet"
grep -q '^  construct industries 25$' $sheet || fail "no default orders in the missed race's sheet"
finish
