# Malformed and hostile inputs: endless files and standard input, seeds a game file cannot hold,
# scenario values outside the pack's limits, odd turnsheets, killed and concurrent `new`. Each
# case runs under a time limit and a memory cap (lib.bash: hrun) and must end with exit 1 and a
# clear message, never a hang, a signal or "internal error".
source "$(dirname "$0")/lib.bash"
H="$SRC/tests/data/hostile"
hrun "$HL" new g --scenario "$SRC/tests/data/scenarios/turnsheets.toml" -q; expect_rc 0 "new"

# Endless inputs are refused while they are read.
hrun "$HL" check g /dev/zero; expect_rc 1 "check /dev/zero"
expect_err "/dev/zero: error: longer than 64 KiB: a turnsheet file is at most 65536 bytes" "check /dev/zero"
out=$(yes 'TAX' | guarded "$HL" check g - 2>&1); rc=$?
expect_rc 1 "endless standard input"; expect_out "-: error: longer than 64 KiB" "endless standard input"
# check --json prints JSON whatever the failure: the problem is its one finding.
json_refusal() {  # WHAT MESSAGE: stdout is check's JSON, not ok, with the message as a finding
  python3 - "$out" "$2" <<'PY' || fail "check --json: $1"
import json, sys
j = json.loads(sys.argv[1])
assert j["ok"] is False and j["errors"] == 1 and j["orders"] == [], j
assert sys.argv[2] in j["findings"][0]["text"], j
PY
}
head -c 70000 /dev/zero | tr '\0' 'x' > long.txt
hrun "$HL" check g long.txt --json; expect_rc 1 "check --json of a long file"
expect_err "long.txt: error: longer than 64 KiB" "check --json still reports on stderr"
json_refusal "a long file" "long.txt: error: longer than 64 KiB"
expect_out '"next_turn": 1' "check --json of a long file knows the game's next turn"
hrun "$HL" check g /dev/zero --json; expect_rc 1 "check --json /dev/zero"
json_refusal "/dev/zero" "/dev/zero: error: longer than 64 KiB"
hrun "$HL" check nosuchgame long.txt --json; expect_rc 1 "check --json without a game"
json_refusal "no game folder" "nosuchgame"
expect_out '"next_turn": null' "check --json without a game"
out=$(head -c 70000 /dev/zero | guarded "$HL" submit g - 2>&1); rc=$?
expect_rc 1 "long standard input"; [ -e g/orders/0001/ARC.txt ] && fail "a refused sheet was stored"
hrun "$HL" new z --scenario /dev/zero; expect_rc 1 "scenario /dev/zero"
expect_err "/dev/zero: error: longer than 4 MiB: a scenario file is at most" "scenario /dev/zero"
[ -e z ] && fail "a refused scenario left a folder"
hrun "$HL" sim --scenario /dev/zero --games 1 --out simz; expect_rc 1 "sim /dev/zero"
cp -r g gz && rm gz/game.toml && ln -s /dev/zero gz/game.toml
hrun "$HL" show gz; expect_rc 1 "game.toml /dev/zero"; expect_err "gz/game.toml: error: longer than 1 MiB" "game.toml"
cp -r g go && mkdir -p go/orders/0001 && head -c 70000 /dev/zero | tr '\0' 'x' > go/orders/0001/ARC.txt
hrun "$HL" run go; expect_rc 1 "stored sheet too long"; expect_err "go/orders/0001/ARC.txt: error: longer than 64 KiB" "stored sheet"
[ -e go/turns/0001 ] && fail "a turn was written from a stored sheet that cannot be read"
cp -r g gd && mkdir -p gd/orders/0001 && ln -s /dev/zero gd/orders/0001/ARC.txt
hrun "$HL" run gd  # not a regular file: not a sheet; the run must simply end
cp -r g gs && ln -sf /dev/zero gs/turns/0000/state.toml
hrun "$HL" show gs; expect_rc 1 "state /dev/zero"

# Seeds: a whole number a game file can hold, 0..2^63-1.
for seed in 9223372036854775808 18446744073709551615 18446744073709551616 -1 1e3 seven ''; do
  hrun "$HL" new "s$seed" --scenario small --seed "$seed" -q; expect_rc 1 "--seed '$seed'"
  expect_err "is not a seed: write a whole number from 0 to 9223372036854775807" "--seed '$seed'"
done
hrun "$HL" new smax --scenario small --seed 9223372036854775807 -q; expect_rc 0 "largest seed"
hrun "$HL" show smax; expect_rc 0 "a game with the largest seed loads"
hrun "$HL" rules check starchase --seed 9223372036854775808; expect_rc 1 "rules check --seed"
hrun "$HL" sim --scenario small --games 2 --seed 9223372036854775807 --out simx
expect_rc 1 "sim seeds past the largest"; expect_err "go past the largest seed" "sim seeds"

# Turn numbers and test-game sizes on the command line.
for args in "show g --turn -1" "report g --turn 1000000" "run g --turn 0" "rollback g --to -3" \
            "trace g --turn 0" "rules check starchase --empires 0" "rules check starchase --empires 5000"; do
  hrun "$HL" $args; expect_rc 1 "$args"; expect_err "not in range" "$args"
done

# Scenario [galaxy] values outside the pack's limits (rules/starchase/pack.toml [limits]).
check_scenario() {  # NAME EXPECTED-MESSAGE
  hrun "$HL" new "sc_$1" --scenario "$H/scenarios/$1.toml" -q; expect_rc 1 "scenario $1"
  expect_err "$1.toml:7:1: error: galaxy.$2" "scenario $1"
  [ -e "sc_$1" ] && fail "scenario $1 left a folder"
}
check_scenario fill_too_big "fill: is 1.5; expected a number from 0.01 to 1"
check_scenario chance_negative "extra_link_chance: is -0.1; expected a number from 0 to 1"
check_scenario hops_negative "min_home_hops: is -1; expected a whole number from 0 to 100"
check_scenario stars_fraction "stars_per_empire: is 14.5; expected a whole number from 2 to 200"
check_scenario fill_nan "fill: nan is not a number a scenario may use"
check_scenario block_inf "block: inf is not a number a scenario may use"
check_scenario code_too_big "first_code: is 5000; expected a whole number from 0 to 999"

# Turnsheets: a byte order mark is ignored; an absurd TURN is named as such.
printf '\xef\xbb\xbfEMPIRE ARC\r\nSECRET OPENSESAME\r\nTURN 1\r\nTAX\r\n' > bom.txt
hrun "$HL" check g bom.txt; expect_rc 0 "byte order mark"; expect_out "bom.txt: OK: 1 action(s) of ARC" "bom"
printf 'EMPIRE ARC\nSECRET OPENSESAME\nTURN 99999999999999999999\nTAX\n' > turn.txt
hrun "$HL" check g turn.txt; expect_rc 1 "huge TURN"
[ "$(grep -c error <<<"$out")" -eq 2 ] || fail "huge TURN: expected one error and the summary"
expect_out "turn.txt:3:6: error: TURN: '99999999999999999999' is too large for a turn number (at most 999999)" "huge TURN"

# A `new` that was killed leaves NAME.creating-PID; the next `new` there removes it.
sleep 30 & dead=$!; kill "$dead"; wait "$dead" 2>/dev/null
mkdir -p "k.creating-$dead/turns" "k.creating-1"
hrun "$HL" new k --scenario small -q; expect_rc 0 "new after a killed new"
[ -e "k.creating-$dead" ] && fail "a dead new's folder was left"
[ -e "k.creating-1" ] || fail "the folder of a running process (pid 1) was removed"

# Two `new` into one folder at once: one makes the game, the other exits 1 with a clear message.
for i in 1 2 3; do
  guarded "$HL" new "race$i" --scenario small -q >/dev/null 2>"race$i.a" & a=$!
  guarded "$HL" new "race$i" --scenario small -q >/dev/null 2>"race$i.b" & b=$!
  wait $a; ra=$?; wait $b; rb=$?
  [ $((ra + rb)) -eq 1 ] || { out=""; err=$(cat "race$i.a" "race$i.b"); fail "race $i: exits $ra and $rb, expected 0 and 1"; }
  grep -q "internal error" "race$i.a" "race$i.b" && fail "race $i: internal error"
  hrun "$HL" show "race$i"; expect_rc 0 "race $i: the game that won loads"
  ls -d race$i.creating-* 2>/dev/null && fail "race $i: a temporary folder was left"
done
finish
