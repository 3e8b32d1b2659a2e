# docs/cosmos-turnsheet.md stays true to the pack: its order table is what
# scripts/cosmos-order-table makes of rules/cosmos (and the check fails when a row is wrong), its
# example sheet passes `check` in a 4-race game, and its example of check's messages is what
# `check` prints for the sheet below.
source "$(dirname "$0")/lib.bash"
DOC="$SRC/docs/cosmos-turnsheet.md"
PY=$(command -v /usr/bin/python3 || command -v python3)

run "$PY" "$SRC/scripts/cosmos-order-table" --check "$SRC"; expect_rc 0 "the order table"

# A copy whose table lost the free mark of `research`: --check says so and changes nothing.
mkdir -p copy/docs copy/rules && cp -r "$SRC/rules/cosmos" copy/rules/ &&
  sed 's/^| research | \(.*\) | free | 14 |$/| research | \1 |  | 14 |/' "$DOC" >copy/docs/cosmos-turnsheet.md
cmp -s "$DOC" copy/docs/cosmos-turnsheet.md && fail "the copy of the doc was not changed"
cp copy/docs/cosmos-turnsheet.md before.md
run "$PY" "$SRC/scripts/cosmos-order-table" --check copy; expect_rc 1 "a wrong row"
expect_err "the order table differs from rules/cosmos" "a wrong row"
cmp -s before.md copy/docs/cosmos-turnsheet.md || fail "--check changed the doc"
# Without --check it writes the table back as the pack gives it.
run "$PY" "$SRC/scripts/cosmos-order-table" copy; expect_rc 0 "rewriting the table"
cmp -s "$DOC" copy/docs/cosmos-turnsheet.md || fail "the rewritten table differs from the doc"

# The example sheet (the doc's first code block) in a game where race 1's home colony is C451
# at H0707 with the scouts S0100 and S0101.
run "$HL" new g --scenario cosmos_small --seed 3 -q; expect_rc 0 "new"
secret=$("$HL" secrets g | awk '$1 == "1" { print $2 }')
[ -n "$secret" ] || fail "no secret for race 1"
awk '/^```$/ { if (++n == 2) exit; next } n == 1' "$DOC" | sed "s/^secret .*/secret $secret/" >example.txt
grep -q '^C451:' example.txt || fail "the example sheet was not found in the doc"
run "$HL" check g example.txt; expect_rc 0 "the doc's example sheet"
expect_out "9 orders given, 3 counted against your administration limit of 20" "the example"

# The sheet whose messages the doc shows.
cat >r1.txt <<EOF
turn 1
secret $secret
race 1:
research "Improved Industrial Engineering" 5
policy 2 ally
message all Greetings from race 1

C451:
  construct industries 3
  build scout
  orders:
    move H0708 H0709
  .
  frobnicate 3

S0100:
  move H0708 H0809
  explore
S0102:
  bomb H0707 x
EOF
run "$HL" check g r1.txt; expect_rc 1 "the sheet with errors"
awk '/^r1.txt:3:1: note/ { on = 1 } on && /^```$/ { exit } on' "$DOC" >expected.txt
[ -s expected.txt ] || fail "the doc's example of check's messages was not found"
diff -u expected.txt <(printf "%s\n" "$out") || fail "check's messages differ from the doc's"

finish
