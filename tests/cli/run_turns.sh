# hyperlane run: turn after turn, its refusals (same turn twice, locked game, ended game, bad
# stored sheets: nothing written), late sheets, computer orders for missed turns and the
# switch to dropout, and the one-screen summary (RULINGS.md "Turn sequence", "Missed and late
# orders"; docs/state.md "Turns").
source "$(dirname "$0")/lib.bash"
source "$SRC/tests/cli/turns_lib.bash"

run "$HL" new g --scenario "$SCEN/three_starts.toml" -q; expect_rc 0 "new"

# Turn 1: ARC and BEL send orders, CYG misses the deadline and the computer writes its orders.
sheet g ARC 1 "1 TAX"
sheet g BEL 1 "1 TAX"
run "$HL" run g; expect_rc 0 "run turn 1"
expect_out "Turn 1 run (order of play: ARC BEL CYG)." "summary: turn and order"
expect_out "Orders: ARC BEL from players; computer orders for CYG (missed)" "summary: who acted"
expect_out "Battles: none" "summary: battles"; expect_out "Systems taken:" "summary: captures"
expect_out "Next order of play:" "summary: next order"; expect_out "VPs: ARC 0 BEL 0 CYG 0" "summary: VPs"
[ "$(latest g)" = 1 ] || fail "the game is not at turn 1"
[ -f g/turns/0001/results.json ] || fail "turn 1 has no results.json"
[ -d g/orders/0002 ] || fail "no orders folder for turn 2"
grep -q "^# Orders written by the computer (missed player) for CYG on turn 1" g/orders/0001/CYG.computer.txt \
  || fail "CYG's computer orders are missing or not in missed mode"
[ -e g/orders/0001/ARC.computer.txt ] && fail "ARC had orders but got computer orders"
expect_field g 1 CYG missed_turns 1 "missed turn counted"
expect_field g 1 ARC missed_turns 0 "orders given"

# The --turn guard: a turn runs once; only the next turn may be asked for. Nothing is written.
before=$(snapshot g)
run "$HL" run g --turn 1; expect_rc 1 "run the same turn twice"
expect_err "turn 1 has already been run (the game is at turn 1); to run it again, first \`hyperlane rollback g --to 0\`" "guard"
run "$HL" run g --turn 3; expect_rc 1 "run a later turn"; expect_err "the next turn to run is 2, not 3" "guard"
[ "$before" = "$(snapshot g)" ] || fail "a refused run changed the game folder"

# The lock: while another process holds g/.lock (flock from util-linux), run, rollback and
# submit refuse and change nothing.
if command -v flock >/dev/null; then
  before=$(snapshot g)
  run flock g/.lock "$HL" run g; expect_rc 1 "run while locked"
  expect_err "g: error: another hyperlane command is running this game right now; wait for it to finish (nothing was changed)" "lock"
  run flock g/.lock "$HL" rollback g --to 0; expect_rc 1 "rollback while locked"
  expect_err "another hyperlane command is running this game right now" "lock"
  printf 'EMPIRE ARC\nSECRET ARCKEY\nTURN 2\n1 TAX\n' > locked.txt
  run flock g/.lock "$HL" submit g locked.txt; expect_rc 1 "submit while locked"
  expect_err "another hyperlane command is running this game right now" "lock"
  [ "$before" = "$(snapshot g)" ] || fail "a command refused by the lock changed the game folder"
else
  echo "SKIP: flock (util-linux) is not installed; the lock is proven by test_play_turn.cpp"
fi
# A folder that is not a game gets no lock file.
mkdir notagame
run "$HL" run notagame; expect_rc 1 "run a folder that is not a game"
expect_err "notagame/game.toml: error: cannot read game.toml: is this a game folder?" "not a game"
[ -e notagame/.lock ] && fail "run left a lock file in a folder that is not a game"

# Stored sheets that no longer read cleanly (edited by hand, or the pack changed): the turn
# is refused with every problem and nothing is written, not even computer orders.
printf 'EMPIRE ARC\nSECRET ARCKEY\nTURN 2\n1 FLY 101 102\n' > g/orders/0002/ARC.txt
printf 'EMPIRE BEL\nSECRET WRONG\nTURN 2\n1 TAX\n' > g/orders/0002/BEL.txt
before=$(snapshot g)
run "$HL" run g; expect_rc 1 "run with broken sheets"
expect_err "g/orders/0002/ARC.txt:4:" "parse error with its line"
expect_err "g/orders/0002/BEL.txt:2:8: error: the SECRET does not match empire BEL's secret" "wrong secret"
expect_err "turn 2 was not run: fix or remove the sheets above" "refusal"
[ "$before" = "$(snapshot g)" ] || fail "a refused run changed the game folder"
[ "$(latest g)" = 1 ] || fail "a refused run advanced the game"
rm g/orders/0002/ARC.txt g/orders/0002/BEL.txt

# Turn 2: late orders (a sheet written for turn 1) are used only where an empire has no sheet
# for turn 2: BEL's late sheet is used, ARC's is not (ARC sent one in time too).
sheet g BEL 1 "3 TAX"
expect_out "Stored the late orders of empire BEL for turn 2" "late sheet stored"
[ -f g/orders/0002/BEL.late.txt ] || fail "late sheet not stored as BEL.late.txt"
sheet g ARC 1 "5 TAX"
sheet g ARC 2 "1 TAX"
run "$HL" run g; expect_rc 0 "run turn 2"
expect_out "Orders: ARC from players; late orders used for BEL; computer orders for CYG (missed)" "late orders in the summary"
flat=$(tr -d ' \n' < g/turns/0002/results.json)
grep -qF '"late_orders":["BEL"]' <<<"$flat" || fail "results.json does not list BEL's late orders"
grep -qF '"empire":"BEL","line":4,"action":"TAX","text":"3TAX"' <<<"$flat" || fail "BEL's late sheet was not run"
grep -qF '"empire":"ARC","line":4,"action":"TAX","text":"5TAX"' <<<"$flat" && fail "ARC's late sheet was run although ARC had orders for turn 2"
grep -qF '"text":"1TAX"' <<<"$flat" || fail "ARC's sheet for turn 2 was not run"
expect_field g 2 BEL missed_turns 0 "late orders are orders"
expect_field g 2 CYG missed_turns 2 "second missed turn"

# Turn 3: the late sheet was for turn 2 only: BEL has nothing now and gets computer orders.
sheet g ARC 3 "1 TAX"
run "$HL" run g; expect_rc 0 "run turn 3"
expect_out "Orders: ARC from players; computer orders for" "late orders discarded"
expect_out "BEL (missed)" "late orders discarded"
expect_out "Census: Turn 3 was a census turn" "census in the summary"
grep -qF '"late_orders":[]' <<<"$(tr -d ' \n' < g/turns/0003/results.json)" || fail "a late sheet was used twice"
[ -f g/orders/0003/BEL.computer.txt ] || fail "BEL got no computer orders on turn 3"
expect_field g 3 BEL missed_turns 1 "BEL missed turn 3"
expect_field g 3 CYG missed_turns 3 "third missed turn"

# Late orders are for the next turn only: at turn 4, a sheet for turn 1 is refused by check
# and submit with the reason, and nothing is stored; one placed by hand stops the run.
before=$(snapshot g)
printf 'EMPIRE BEL\nSECRET BELKEY\nTURN 1\n1 TAX\n' > old.txt
run "$HL" submit g old.txt; expect_rc 1 "submit a sheet for turn 1 at turn 4"
expect_err "old.txt:3:6: error: TURN 1: the game's next turn is 4: a sheet for turn 1 could be used only as late orders for turn 2, which has been run; write a sheet for turn 4" "old sheet refused"
expect_err "old.txt: not stored: 1 error(s)" "old sheet not stored"
# The only file written is the refused copy that `status` shows as "errors" (docs/hosting.md).
cmp -s old.txt g/orders/0004/BEL.refused.txt || fail "the refused old sheet was not kept for status"
rm g/orders/0004/BEL.refused.txt
[ "$before" = "$(snapshot g)" ] || fail "a refused old sheet changed the game folder"
cp old.txt g/orders/0004/BEL.late.txt
run "$HL" run g; expect_rc 1 "run with an old late sheet"
expect_err "g/orders/0004/BEL.late.txt:3:6: error: TURN 1: late orders for turn 4 must be written for turn 3" "old late sheet"
[ "$(latest g)" = 3 ] || fail "a refused run advanced the game"
rm g/orders/0004/BEL.late.txt

# Turn 4: CYG has missed 3 turns in a row (game.dropout_after): a dropout now.
sheet g ARC 4 "1 TAX"
sheet g BEL 4 "1 TAX"
run "$HL" run g; expect_rc 0 "run turn 4"
expect_out "computer orders for CYG (dropout)" "dropout in the summary"
grep -q "^# Orders written by the computer (dropout player) for CYG on turn 4" g/orders/0004/CYG.computer.txt \
  || fail "CYG's computer orders on turn 4 are not in dropout mode"
expect_field g 4 CYG missed_turns 4 "fourth missed turn"
expect_field g 4 BEL missed_turns 0 "BEL back"
grep -qF '"computer_orders":{"CYG":"dropout"}' <<<"$(tr -d ' \n' < g/turns/0004/results.json)" \
  || fail "results.json does not record CYG's dropout orders"

# Turn 5: CYG sends orders again: no computer orders, the count starts again.
sheet g ARC 5 "1 TAX"
sheet g BEL 5 "1 TAX"
sheet g CYG 5 "1 TAX"
run "$HL" run g; expect_rc 0 "run turn 5"
expect_out "Orders: " "summary"; grep -q "computer orders" <<<"$out" && fail "computer orders although everyone sent a sheet"
[ -e g/orders/0005/CYG.computer.txt ] && fail "CYG got computer orders although it sent a sheet"
expect_field g 5 CYG missed_turns 0 "missed turns reset"

# A game that has ended is not run again (rule 8.3): the runaway warning at the first census
# (turn 1), the end at the next census (turn 3, 4 or 5); show and show --json tell the GM.
run "$HL" new e --scenario "$SCEN/ending.toml" -q; expect_rc 0 "new ending"
run "$HL" run e; expect_rc 0 "run ending turn 1"
expect_out "Victory: Warning: ARC meets the runaway victory condition" "warning in the summary"
run "$HL" show e; expect_out "Victory: warning since turn 1: the game ends at the next census if any victory condition holds then." "show: warning"
expect_out "Census turns held: 1." "show: first census"
ended=0
for t in 2 3 4 5; do
  run "$HL" run e; expect_rc 0 "run ending turn $t"
  if grep -qF "Victory: The game is over: ARC wins (runaway win)" <<<"$out"; then ended=$t; break; fi
  [ "$t" = 2 ] && grep -qF "Census:" <<<"$out" && fail "a census on turn 2, only 1 turn after the first"
done
[ "$ended" -ge 3 ] || fail "the game did not end at the second census (turns 3 to 5)"
before=$(snapshot e)
run "$HL" run e; expect_rc 1 "run an ended game"
expect_err "e: error: the game ended on turn $ended (ARC won); nothing to run" "ended game refused"
[ "$before" = "$(snapshot e)" ] || fail "a refused run changed the ended game"
run "$HL" show e; expect_rc 0 "show ended"
expect_out "Census turns held: 1, $ended." "show: census turns"
expect_out "Victory: the game ended on turn $ended: ARC won (runaway win)." "show: victory"
expect_out "Next census (hidden from players): turn" "show: next census"
run "$HL" show e --json
flat=$(tr -d ' \n' <<<"$out")
grep -qF "\"census_turns\":[1,$ended]" <<<"$flat" || fail "json: census_turns"
grep -qF "\"warning_turn\":1,\"ended_turn\":$ended,\"winner\":\"ARC\",\"condition\":\"runaway\"}" <<<"$flat" \
  || fail "json: victory"
finish
