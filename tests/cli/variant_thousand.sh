# The Thousand Suns variant (rules/variants/thousand): five-digit place codes and made-up
# empires, with no engine change. A small game (40 empires, 2 turns) stands in for the 1,000 of
# scenarios/thousand.toml, which scripts/bench times.
source "$(dirname "$0")/lib.bash"
run "$HL" rules check "$SRC/rules/variants/thousand"; expect_rc 0 "rules check thousand"
cat > forty.toml <<'TOML'
[scenario]
name = "Forty Suns"
rules = "variants/thousand"
empires = 40
TOML
run "$HL" new g --scenario forty.toml --seed 5; expect_rc 0 "new"
state=g/turns/0000/state.toml
grep -q '^code = "ABN"' "$state" || fail "the 40th made-up empire (ABN) is missing"
grep -q '^name = "Empire 40"' "$state" || fail "made-up empire names"
grep -qE '\{ code = "[0-9]{5}", kind' "$state" || fail "places do not have five-digit codes"
grep -qE '\{ code = "[0-9]{3}", kind' "$state" && fail "a place has a three-digit code"
run "$HL" run g; expect_rc 0 "turn 1"
run "$HL" run g; expect_rc 0 "turn 2"
grep -qE '^[0-9]+ +(MOVE|SEND|GROW|BUILD) +[0-9]{5}' g/orders/0002/AAA.computer.txt \
  || fail "computer orders do not name five-digit codes"
grep -qE '[0-9]{5}' g/turns/0002/reports/AAA.txt || fail "the report shows no five-digit code"
# A player writing a three-digit code is told the format.
secret=$(sed -n 's/^AAB = "\(.*\)"/\1/p' g/game.toml)
printf 'EMPIRE AAB\nSECRET %s\nTURN 3\n1 MOVE 123 456 1\n' "$secret" > aab.txt
run "$HL" check g aab.txt; expect_rc 1 "three-digit code refused"
expect_out "is not a system code (five digits, e.g. 00042)" "code format message"
# Two empire lists at once are refused.
printf '[scenario]\nname = "x"\nrules = "variants/thousand"\nempires = 3\n[[empire]]\ncode = "ARC"\nname = "A"\n' > both.toml
run "$HL" new h --scenario both.toml; expect_rc 1 "empires and [[empire]]"
expect_err "give either [scenario] empires = N or [[empire]] tables, not both" "both lists"
finish
