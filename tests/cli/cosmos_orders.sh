# COSMOS orders from the command line (rules/cosmos/turnsheet.lua, issue 15): race 1 fills in the
# blank sheet at the end of its set-up report, `check` reports problems at their lines in the
# player's words, `submit` stores the sheet, and the turn carries the orders out as written.
source "$(dirname "$0")/lib.bash"
run "$HL" new s --scenario cosmos_small --seed 4 -q; expect_rc 0 "new"

# The blank sheet: the report's last lines, from the comment naming the race (four comment
# lines, then turn, then secret on line 6). Its secret line is
# left for the player (no report shows a secret): unfilled, check asks for it.
sed -n '/^@ Race 1 /,$p' s/turns/0000/reports/1.txt > unfilled.txt
grep -q '^race 1:$' unfilled.txt || fail "no race line in the blank sheet"
grep -q '^secret$' unfilled.txt || fail "no secret line to fill in on the blank sheet"
colony=$(grep -o '^C[0-9][0-9][0-9]' unfilled.txt)
secret=$(sed -n 's/^1 = "\(.*\)"$/\1/p' s/game.toml)
[ -n "$colony" ] && [ -n "$secret" ] || fail "no colony block in the blank sheet, or no secret in game.toml"
run "$HL" check s unfilled.txt; expect_rc 1 "the blank sheet without its secret"
expect_out "unfilled.txt:6:1: error: secret: write your race's secret after the word secret" "unfilled"
sed "s/^secret\$/secret $secret/" unfilled.txt > blank.txt
run "$HL" check s blank.txt; expect_rc 0 "the blank sheet as it is"
expect_out "blank.txt:7:1: note: 0 orders given, 0 counted against your administration limit of 20" "blank"

# Filled in: research (free), the colony's first order (free), the corvette's move (counted).
awk '{ print }
     /^race 1:$/ { print "research \"Improved Industrial Engineering\"" }
     /^C[0-9][0-9][0-9]:/ { print "  construct industries 5" }
     /^S0102:/ { print "  farmove H0709" }' blank.txt > orders.txt
run "$HL" check s orders.txt; expect_rc 0 "filled-in sheet"
expect_out "orders.txt:7:1: note: 3 orders given, 1 counted against your administration limit of 20" "count"
expect_out "orders.txt: OK:" "filled-in sheet"

# Problems at their lines and columns: a colony that is not the race's, a malformed hex.
printf 'turn 1\nsecret %s\nrace 1:\nC999:\n  construct industries\nS0102:\n  farmove H99X1\n' \
  "$secret" > bad.txt
run "$HL" check s bad.txt; expect_rc 1 "bad sheet"
expect_out "bad.txt:4:1: error: C999: you have no colony with this ID" "foreign block"
expect_out "bad.txt:7:11: error: farmove: 'H99X1' is not a hex ID; write H and four digits, e.g. H0602" "hex"

# The race type (16): two basic types or double and one; xenophobe with neither diplomat nor
# slaver; once, on turn 1.
printf 'turn 1\nsecret %s\nrace 1:\ntype industrialist\ntype warrior traveller\ntype xenophobe diplomat\ntype traveller traveller\ntype double traveller\ntype administrator researcher\n' \
  "$secret" > types.txt
run "$HL" check s types.txt; expect_rc 1 "bad race types"
expect_out "types.txt:4:1: error: type: write two basic types, or double and one (16): industrialist, researcher, administrator, survivor, megaworlder, traveller, warlord, diplomat, slaver, xenophobe" "one type"
expect_out "types.txt:5:1: error: type: 'warrior' is not a race type" "unknown type"
expect_out "types.txt:6:1: error: type: xenophobe may not be combined with diplomat (16)" "forbidden"
expect_out "types.txt:7:1: error: type: a type twice is written double traveller (16)" "twice"
grep -q "types.txt:8:" <<<"$out" && fail "double traveller is a type"
expect_out "types.txt:9:1: error: type: your race type is given on line 8 already; give it once (16)" "second type"
grep -q "Race type *standard (choose with type on turn 1, 16)" s/turns/0000/reports/1.txt || fail "no race type in the set-up report"
# A xenophobe gives no policy orders (16.10).
printf 'turn 1\nsecret %s\nrace 1:\ntype warlord xenophobe\npolicy 2 ally\n' "$secret" > xeno.txt
run "$HL" check s xeno.txt; expect_rc 1 "xenophobe's policy"
expect_out "xeno.txt:5:1: error: policy: a warlord xenophobe's policy toward every race is enemy, for good: it gives no policy orders (16.10)" "xenophobe"

# A double diplomat holds every race allied and turns from that only to mirror an enemy (16.8.1).
printf 'turn 1\nsecret %s\nrace 1:\ntype double diplomat\npolicy 2 neutral\npolicy 2 ally\n' "$secret" > dd.txt
run "$HL" check s dd.txt; expect_rc 1 "double diplomat's policy"
expect_out "dd.txt:5:1: error: policy: a double diplomat's policy is ally toward every race until that race declares it an enemy (16.8.1)" "double diplomat"
grep -q "dd.txt:6:" <<<"$out" && fail "a double diplomat may write policy ally"

# Only warlords build pocket battleships (16.7): a sheet that chooses no warlord type is warned.
printf 'turn 1\nsecret %s\nrace 1:\ntype double industrialist\n%s:\n  build 20\n' "$secret" "$colony" > pb.txt
run "$HL" check s pb.txt; expect_rc 0 "pocket battleship"
expect_out "pb.txt:6:3: warning: build: only warlord races may build Pocket Battleships (16): the build will be refused" "not a warlord"
printf 'turn 1\nsecret %s\nrace 1:\ntype double warlord\n%s:\n  build 20\n' "$secret" "$colony" > pbw.txt
run "$HL" check s pbw.txt
grep -q "only warlord races" <<<"$out" && fail "a warlord may build pocket battleships"

# Only diplomats spy, once a turn, on another race (16.8).
printf 'turn 1\nsecret %s\nrace 1:\ntype double diplomat\nspy 2\nspy 3\nspy 1\n' "$secret" > spy.txt
run "$HL" check s spy.txt; expect_rc 1 "spy orders"
grep -q "spy.txt:5:" <<<"$out" && fail "a diplomat may spy once"
expect_out "spy.txt:6:1: error: spy: your spies report on one race a turn, given on line 5 already (16.8)" "second spy"
printf 'turn 1\nsecret %s\nrace 1:\nspy 2\n' "$secret" > spy2.txt
run "$HL" check s spy2.txt; expect_rc 0 "a spy order of no diplomat"
expect_out "spy2.txt:4:1: warning: spy: only diplomats have a spy network: it will be refused (16.8)" "no diplomat"

# An administrator's 25 administration points count from the sheet that chooses the type (16.3).
printf 'turn 1\nsecret %s\nrace 1:\ntype administrator researcher\n' "$secret" > admin.txt
run "$HL" check s admin.txt; expect_rc 0 "administrator"
expect_out "admin.txt:3:1: note: 1 order given, 0 counted against your administration limit of 25" "administrator's limit"
# A double administrator's overtime base cost is 20% less (15.2): the minimum 10 becomes 8, so 3
# points cost 8 + 32 + 72 = 112 of the home colony's 130 i.p. (a race of no type pays 10 + 40 +
# 90 = 140); its limit is 25, 1 for its one colony, and the 3 points: 29 (16.3.1).
printf 'turn 1\nsecret %s\nrace 1:\ntype double administrator\novertime %s 3 administration\n' \
  "$secret" "$colony" > admin2.txt
run "$HL" check s admin2.txt; expect_rc 0 "double administrator"
expect_out "admin2.txt:3:1: note: 2 orders given, 0 counted against your administration limit of 29" "double administrator's limit"
grep -q ": warning:" <<<"$out" && fail "a double administrator's overtime is refused"
sed 's/^type double administrator$/type double traveller/' admin2.txt > admin3.txt
run "$HL" check s admin3.txt; expect_rc 0 "double traveller's overtime"
expect_out "has 130 i.p., the overtime costs 140: it will be refused (15)" "no discount"
awk '{ print } /^race 1:$/ { print "type traveller industrialist" }' orders.txt > typed.txt
mv typed.txt orders.txt

# Stored and played: 5 industries at 5 i.p. each (minerals 2 + 3, 8.2) from the 130 i.p. of the
# home colony; the 10 r.p. of 17 go to Improved Industrial Engineering; the orders as processed
# show each order as the queue keeps it (3).
run "$HL" submit s orders.txt; expect_rc 0 "submit"
# A race code is a number: the message must not read as a count of orders.
expect_out "Stored the orders of empire 1 for turn 1 in s/orders/0001/1.txt." "submit message"
run "$HL" run s -q; expect_rc 0 "turn 1"
report=s/turns/0001/reports/1.txt
grep -q "$colony constructed 5 industries for 25 i.p." "$report" || fail "no construct in the report"
grep -q "Research: 10 r.p. to Improved Industrial Engineering" "$report" || fail "no research"
grep -q "race 1: research Improved Industrial Engineering   (free)" "$report" || fail "no research note"
grep -q "$colony: construct industries 5   (free)" "$report" || fail "no construct note"
grep -q "^S0102: farmove H0709$" "$report" || fail "no farmove note"
grep -q "^turn 2$" "$report" || fail "no blank sheet for turn 2"
grep -q "Race type: industrialist traveller (16)" "$report" || fail "no race type event"
grep -q "Race type *industrialist traveller" "$report" || fail "no race type in the status"
printf 'turn 2\nsecret %s\nrace 1:\ntype double researcher\n' "$secret" > late.txt
run "$HL" check s late.txt; expect_rc 1 "type on turn 2"
expect_out "late.txt:4:1: error: type: a race type is chosen on turn 1 only (16); your race is industrialist traveller" "turn 2"
# Orders written on the block's header line: one error there saying where they go; the lines
# below still belong to the block (no second error for them).
printf 'turn 1\nsecret %s\nrace 1:\n%s: construct industries 3\n  construct bases 1\n' \
  "$secret" "$colony" > same_line.txt
run "$HL" check s same_line.txt; expect_rc 1 "orders on the header line"
expect_out "same_line.txt:4:$((${#colony} + 3)): error: write the orders of $colony: on the lines below it, one a line; nothing after the colon is read" "orders on the header line"
expect_out "same_line.txt: 1 error(s)," "orders on the header line"

finish
