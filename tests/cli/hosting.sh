# Roster, deadlines, status and the GM's commands: new --roster/--player/--deadline, status
# (text and JSON), deadline, replace, computer, rerender, and refused sheets in the status.
source "$(dirname "$0")/lib.bash"
export HYPERLANE_NOW="2026-11-30 12:00 UTC"

run "$HL" new g --scenario small --seed 5 -q --roster "$SRC/tests/data/hosting/roster.toml" \
  --player "DEN=Dee Dee <dee@example.com>" --deadline "2026-12-01T20:00+02:00" --every 7d
expect_rc 0 "new with a roster"
grep -q 'email = "ann@example.org"' g/players.toml || fail "players.toml lacks Ann's address"
grep -q 'due = "2026-12-01 18:00 UTC"' g/deadlines.toml || fail "deadline not stored in UTC"
grep -q '^GM = "' g/game.toml || fail "no GM secret in game.toml"
grep -q 'player = "Ann Ärnström"' g/turns/0000/state.toml || fail "roster name not in the state"
grep -q 'player = "Dee Dee"' g/turns/0000/state.toml || fail "--player name not in the state"
grep -A3 'code = "DEN"' g/turns/0000/state.toml | grep -q 'computer = true' && fail "DEN still a computer empire"

# Bad rosters change nothing.
run "$HL" new bad --scenario small --player "XYZ=Nobody"; expect_rc 1 "unknown empire"
expect_err "empire XYZ: not in the scenario" "unknown empire"
run "$HL" new bad --scenario small --player "ARC=Ann <not an address>"; expect_rc 1 "bad address"
expect_err "not a plain mail address" "bad address"
run "$HL" new bad --scenario small --player "ARC=A" --player "ARC=B"; expect_rc 1 "twice"
expect_err "listed twice" "twice"
run "$HL" new bad --scenario small --deadline "tomorrow"; expect_rc 1 "bad deadline"
expect_err "is not a time" "bad deadline"
run "$HL" new bad --scenario small --others-computer; expect_rc 1 "--others-computer alone"
expect_err "needs players from --roster or --player" "--others-computer alone"
[ -e bad ] && fail "a refused new left a folder"

# --others-computer: the empires not listed go to the computer.
run "$HL" new oc --scenario small --seed 5 -q --player "BEL=Bo Li" --others-computer
expect_rc 0 "new --others-computer"
python3 - oc/turns/0000/state.toml <<'PY' || fail "--others-computer"
import sys, tomllib
st = tomllib.load(open(sys.argv[1], "rb"))
computer = {e["code"]: e.get("computer", False) for e in st["empire"]}
assert computer == {"ARC": True, "BEL": False, "CAS": True, "DEN": True}, computer
# The computer's empires are played by "Computer", not the scenario's "Player 1".
players = {e["code"]: e["player"] for e in st["empire"]}
assert players == {"ARC": "Computer", "BEL": "Bo Li", "CAS": "Computer", "DEN": "Computer"}, players
PY
grep -q 'player Computer' oc/turns/0000/reports/ARC.txt || fail "ARC's report does not name its player Computer"

run "$HL" status g; expect_rc 0 "status"
expect_out "orders for turn 1 due 2026-12-01 18:00 UTC (in 1d 6h)" "status deadline"
expect_out "ARC Arcturan League" "status row"
expect_out "no orders  ann@example.org" "status orders"
expect_out "4 empires without orders for turn 1." "status count"

ann=$(grep '^ARC' g/game.toml | cut -d'"' -f2)
printf 'EMPIRE ARC\nSECRET %s\nTURN 1\nTAX\n' "$ann" > good.txt
printf 'EMPIRE BEL\nSECRET %s\nTURN 1\nMOOV 1 2 3\n' "$(grep '^BEL' g/game.toml | cut -d'"' -f2)" > bad.txt
printf 'EMPIRE CAS\nSECRET WRONG\nTURN 1\nMOOV 1 2 3\n' > stranger.txt
run "$HL" submit g good.txt; expect_rc 0 "submit"
run "$HL" submit g bad.txt; expect_rc 1 "refused"
[ -e g/orders/0001/BEL.refused.txt ] || fail "a refused sheet of a known empire is not kept"
run "$HL" submit g stranger.txt; expect_rc 1 "stranger"
[ -e g/orders/0001/CAS.refused.txt ] && fail "a sheet with a wrong secret was kept as CAS's"
run "$HL" status g --json; expect_rc 0 "status json"
python3 - "$out" <<'PY' || fail "status --json"
import json, sys
s = json.loads(sys.argv[1])
orders = {e["code"]: e["orders"] for e in s["empires"]}
assert orders == {"ARC": "submitted", "BEL": "errors", "CAS": "no orders", "DEN": "no orders"}, orders
assert s["deadline"] == "2026-12-01 18:00 UTC" and s["next_turn"] == 1, s
PY

# Deadlines: set, relative, clear, and turns that have been played.
run "$HL" deadline g --in 2d; expect_rc 0 "deadline --in"
expect_out "Turn 1: orders due 2026-12-02 12:00 UTC (in 2d 0h)" "deadline --in"
run "$HL" deadline g --turn 3; expect_rc 0 "deadline of a later turn"
expect_out "Turn 3: orders due 2026-12-16 12:00 UTC" "every 7d"
# --in rounds up to the whole minute (before: 2026-12-01 08:00:25 UTC).
HYPERLANE_NOW="2026-11-30 12:00:25 UTC" run "$HL" deadline g --turn 2 --in 20h
expect_rc 0 "deadline --in with seconds"
expect_out "Turn 2: orders due 2026-12-01 08:01 UTC" "--in rounds to the minute"
grep -q '^due = "2026-12-01 08:01 UTC"$' g/deadlines.toml || fail "deadlines.toml: $(cat g/deadlines.toml)"
run "$HL" deadline g --turn 2 --clear; expect_rc 0 "clear turn 2"
run "$HL" deadline g --at "next week"; expect_rc 1 "bad --at"
run "$HL" deadline g --turn 0 --in 1d; expect_rc 1 "played turn"
expect_err "turn 0 has been played" "played turn"

# Replace a player: a new secret, the old one refused, the name in the next reports.
run "$HL" replace g CAS --name "Cy New" --email cy@example.org --secret NEWCAS12; expect_rc 0 "replace"
expect_out "CAS is played by Cy New from turn 1 on. Its new secret is NEWCAS12" "replace"
grep -q '^CAS = "NEWCAS12"' g/game.toml || fail "new secret not in game.toml"
printf 'EMPIRE CAS\nSECRET NEWCAS12\nTURN 1\nTAX\n' > cas.txt
run "$HL" submit g cas.txt; expect_rc 0 "new player's sheet"
run "$HL" replace g ARC --name ""; expect_rc 1 "empty name"
run "$HL" replace g XYZ --name "X"; expect_rc 1 "no such empire"
# A GM's own secret needs 8 characters: shorter ones are guessable and not hidden from scripts.
run "$HL" replace g ARC --name "X" --secret ABC1234; expect_rc 1 "7-character secret"
expect_err "--secret: 8 to 32 letters" "7-character secret"
grep -q '^ARC = "ABC1234"' g/game.toml && fail "a refused secret was stored"

# Hand to the computer and back.
run "$HL" computer g DEN; expect_rc 0 "computer"
run "$HL" computer g DEN; expect_rc 1 "twice"; expect_err "already run by the computer" "twice"
run "$HL" status g; expect_out "DEN Deneb Hegemony" "row"; grep -q "DEN .* computer" <<<"$out" || fail "DEN not computer in status"
run "$HL" run g -q; expect_rc 0 "run"
[ -e g/orders/0001/DEN.computer.txt ] || fail "the computer did not write DEN's orders"
grep -q 'Cy New' g/turns/0001/reports/game.json || fail "new player not in the game report"
run "$HL" computer g DEN --off; expect_rc 0 "back"
expect_out "DEN is back with its player Dee Dee from turn 2 on" "back"
run "$HL" status g; grep -q "DEN .* no orders" <<<"$out" || fail "DEN not back in status"

# Re-render after a hand edit of the state: the report shows the edited name.
sed -i 's/^name = "Arcturan League"$/name = "Arcturan Union"/' g/turns/0001/state.toml
grep -q "Arcturan Union" g/turns/0001/reports/ARC.txt && fail "report changed before rerender"
run "$HL" rerender g; expect_rc 0 "rerender"
expect_out "report files of turn 1 again" "rerender"
grep -q "Arcturan Union" g/turns/0001/reports/ARC.txt || fail "rerender did not use the edited state"
run "$HL" rerender g --turn 9; expect_rc 1 "rerender a missing turn"

# A sheet stored after the deadline is late; one stored before it is submitted.
run "$HL" deadline g --at "2026-12-10 18:00"; expect_rc 0 "deadline for turn 2"
printf 'EMPIRE ARC\nSECRET %s\nTURN 2\nTAX\n' "$ann" > arc2.txt
printf 'EMPIRE BEL\nSECRET %s\nTURN 2\nTAX\n' "$(grep '^BEL' g/game.toml | cut -d'"' -f2)" > bel2.txt
export HYPERLANE_NOW="2026-12-10 17:59 UTC"
run "$HL" submit g bel2.txt; expect_rc 0 "on time"
export HYPERLANE_NOW="2026-12-10 18:01 UTC"
run "$HL" submit g arc2.txt; expect_rc 0 "after the deadline"
run "$HL" status g; grep -q "ARC .* late" <<<"$out" || fail "ARC not late in status"
run "$HL" status g --json
python3 - "$out" <<'PY' || fail "status --json after the deadline"
import json, sys
e = {x["code"]: x for x in json.loads(sys.argv[1])["empires"]}
assert e["ARC"]["orders"] == "late" and e["ARC"]["after_deadline"], e["ARC"]
assert e["ARC"]["stored_at"] == "2026-12-10 18:01 UTC", e["ARC"]
assert e["BEL"]["orders"] == "submitted" and not e["BEL"]["after_deadline"], e["BEL"]
assert e["BEL"]["stored_at"] == "2026-12-10 17:59 UTC", e["BEL"]
assert e["CAS"]["stored_at"] is None, e["CAS"]
PY
finish
