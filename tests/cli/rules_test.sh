# hyperlane rules test: a pack's rule-test folders and Lua unit tests (PACK/tests) run with the
# pack given, failures say file:line and make the exit 1, and tests/ is no part of the rules.
source "$(dirname "$0")/lib.bash"
run "$HL" rules test starchase --list; expect_rc 0 "list starchase's tests"
expect_out "bombard" "a rule-test folder"; expect_out "techcost.lua" "a Lua test file"
run "$HL" rules test starchase --only bombard --only techcost.lua; expect_rc 0 "two of starchase's tests"
expect_out "ok    " "ok lines"; expect_out "3 passed, 0 failed" "one folder and the file's two tests"

# A pack of its own with tests that pass and tests that fail.
mkdir -p mine/tests
printf '[pack]\nname = "Mine"\nversion = "1.0.0"\nextends = "starchase"\n' > mine/pack.toml
B="$SRC/rules/starchase/tests/bombard"
# good: the standard game's BOMBARD test, its scenario naming a pack that does not exist: the
# tests run with the pack on the command line.
mkdir -p mine/tests/good && cp -r "$B/orders" "$B/expected.toml" mine/tests/good/
sed 's/^rules = .*/rules = "nowhere"/' "$B/scenario.toml" > mine/tests/good/scenario.toml
# wrong: the first bombardment's cost expected to be 3 (it is 2).
cp -r mine/tests/good mine/tests/wrong
sed -i '0,/^spent = 2$/s//spent = 3/' mine/tests/wrong/expected.toml
line=$(grep -n '^spent = 3$' mine/tests/wrong/expected.toml | cut -d: -f1)
# good also checks its reports (a text each must, or must not, contain) and a drawn value's
# bounds (holding 111 ends with 4 population: 20 - 7 - 9); textwrong expects the opposite.
cat >> mine/tests/good/expected.toml <<'EOF2'

[[report]]
empire = "ARC"
includes = ["Arcturans"]

[[report]]
includes = ["Bellatrix"]
excludes = ["ARCSECRET"]
EOF2
sed -i 's/^system = "111"$/system = "111"\npopulation_min = 4\npopulation_max = 4/' mine/tests/good/expected.toml
mkdir -p mine/tests/textwrong && cp -r "$B/orders" "$B/scenario.toml" mine/tests/textwrong/
cat > mine/tests/textwrong/expected.toml <<'EOF2'
[run]
end_of_turn = false

[[holding]]
system = "111"
population_min = 5
population_max = 3

[[report]]
empire = "ARC"
includes = ["Nowhere at all"]
excludes = ["Arcturans"]

[[note]]
phase = "action"
empire = "ARC"
text_matches = "[("

[[report]]
empire = "ZZZ"
includes = ["x"]
EOF2
# broken: a scenario that cannot be read.
mkdir -p mine/tests/broken && printf '[scenario]\nname = 5\n' > mine/tests/broken/scenario.toml
cat > mine/tests/unit.lua <<'EOF'
local T = import("engine/test")
local tests = {}
tests["a passes"] = function()
  T.eq({ 1, { x = "y" } }, { 1, { x = "y" } }, "tables")
  T.fails(function() return state.empire("ARC") end, "no empire 'ARC'", "no scenario: no empires")
  T.includes({ 1, 2 }, 2)
  T.near(0.5, 0.52, 0.05)
  T.between(3, 1, 4)
  T.ne(1, 2)
  T.eq(T.fails(function() error("boom here") end, "boom"):find("boom") ~= nil, true)
end
tests["b eq fails"] = function()
  T.eq(1 + 1, 3, "sum")
end
tests["c error fails"] = function()
  local t = nil
  return t.x
end
tests["d fails fails"] = function()
  T.fails(function() end, "x")
end
return tests
EOF
cat > mine/tests/start.lua <<'EOF'
local T = import("engine/test")
return {
  scenario = "good/scenario.toml",
  ["ARC starts with 5"] = function() T.eq(state.empire("ARC").balance, 5) end,
}
EOF
printf 'return { seed = "x" }\n' > mine/tests/decl.lua
printf 'local x = = 1\n' > mine/tests/zz_syntax.lua

run "$HL" rules check mine; expect_rc 0 "tests/*.lua are not modules of the pack"
run "$HL" rules test mine; expect_rc 1 "failing tests"
expect_out "ok    mine/tests/good" "the scenario's rules are not used"
expect_out "FAIL  mine/tests/wrong" "a check that does not hold"
expect_out "mine/tests/wrong/expected.toml:$line:9: FAIL: result ARC action 1 spent: expected 3, got 2" "where and what"
expect_out "FAIL  mine/tests/textwrong" "reports and bounds that do not hold"
expect_out "mine/tests/textwrong/expected.toml:6:18: FAIL: holding 111 population: expected at least 5, got 4" "a lower bound"
expect_out "mine/tests/textwrong/expected.toml:7:18: FAIL: holding 111 population: expected at most 3, got 4" "an upper bound"
expect_out "mine/tests/textwrong/expected.toml:11:12: FAIL: the report of ARC: expected a text containing \"Nowhere at all\"" "a text missing from a report"
expect_out "mine/tests/textwrong/expected.toml:12:12: FAIL: the report of ARC: expected no text containing \"Arcturans\"" "a text a report must not hold"
expect_out "mine/tests/textwrong/expected.toml:17:16: FAIL: text_matches: not a regular expression" "a bad pattern"
expect_out "mine/tests/textwrong/expected.toml:20:10: FAIL: no empire ZZZ" "a report of no empire"
expect_out "FAIL  mine/tests/broken" "a scenario that cannot be read"
expect_out "mine/tests/broken/scenario.toml:2:" "where the scenario is wrong"
expect_out "ok    mine/tests/unit.lua: a passes" "assertions that hold"
expect_out "mine/tests/unit.lua:13: error: sum: expected 3, got 2" "T.eq at the test's line"
expect_out "mine/tests/unit.lua:17: error: attempt to index local 't'" "a script error in a test"
expect_out "mine/tests/unit.lua:20: error: expected an error, but none was raised" "T.fails"
expect_out "ok    mine/tests/start.lua: ARC starts with 5" "a test file's scenario"
expect_out "mine/tests/decl.lua:1: error: seed: expected a whole number" "a bad declaration"
expect_out "FAIL  mine/tests/zz_syntax.lua" "a test file that does not compile"
expect_out "mine/tests/zz_syntax.lua:1:" "where it does not compile"
expect_out "3 passed, 8 failed" "counts"
run "$HL" rules test mine --only good --only start.lua; expect_rc 0 "only the tests that pass"
expect_out "2 passed, 0 failed" "two chosen"
run "$HL" rules test mine --only nosuch; expect_rc 1 "no such test"
expect_err "no rule-test folder or Lua test file 'nosuch'" "no such test"
run "$HL" rules test nowhere; expect_rc 1 "no pack"; expect_err "no rules pack 'nowhere'" "no pack"

# A game made with the pack does not copy its tests.
run "$HL" new g --scenario small --rules "$WORK/mine" -q; expect_rc 0 "new with the pack"
[ -f g/rules/mine/pack.toml ] || fail "the pack was not copied into the game"
[ -e g/rules/mine/tests ] && fail "the pack's tests were copied into the game"
[ -e g/rules/starchase/tests ] && fail "the base pack's tests were copied into the game"
finish
