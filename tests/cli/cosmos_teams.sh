# The COSMOS team game from the command line (rules/cosmos, seed 004 section 21): a new game of
# scenarios/cosmos_teams.toml gives team mates shared coordinates (each report names its team
# mates' homes as their own reports do), and check refuses what a team game forbids.
source "$(dirname "$0")/lib.bash"
run "$HL" new t --scenario cosmos_teams --seed 3 -q; expect_rc 0 "new"

# Shared coordinates (21.1): race 1's report places race 2's home where race 2's report says
# its own home is, and likewise for race 5 and race 6 (team 2).
one=$(tr '\n' ' ' < t/turns/0000/reports/1.txt | tr -s ' ')
two=$(tr '\n' ' ' < t/turns/0000/reports/2.txt | tr -s ' ')
five=$(tr '\n' ' ' < t/turns/0000/reports/5.txt | tr -s ' ')
six=$(tr '\n' ' ' < t/turns/0000/reports/6.txt | tr -s ' ')
hex2=$(grep -o "race 2 (Betelgeuse Swarm) at H[0-9]*" <<<"$one" | grep -o "H[0-9]*$")
hex6=$(grep -o "race 6 (Formalhaut Free Worlds) at H[0-9]*" <<<"$five" | grep -o "H[0-9]*$")
[ -n "$hex2" ] && [ -n "$hex6" ] || fail "no team mates' homes in the reports of races 1 and 5"
grep -q "team's coordinates (21.1): your home system is $hex2\." <<<"$two" ||
  fail "race 2's own home is not where race 1's report puts it ($hex2)"
grep -q "team's coordinates (21.1): your home system is $hex6\." <<<"$six" ||
  fail "race 6's own home is not where race 5's report puts it ($hex6)"
grep -q "race 5 " <<<"$one" && fail "race 1's report names race 5 as a team mate"
# The game report shows the teams and their scores from the start (21.3).
grep -q "Team scores" t/turns/0000/reports/game.txt || fail "no team scores in the game report"

# What a team game forbids (21.1, 21.2): check reports it at its lines.
secret=$(sed -n 's/^2 = "\(.*\)"$/\1/p' t/game.toml)
printf 'turn 1\nsecret %s\nrace 2:\ntype warlord xenophobe\npolicy 1 enemy\npolicy 5 enemy\n' \
  "$secret" > team.txt
run "$HL" check t team.txt; expect_rc 1 "a team game's forbidden orders"
expect_out "team.txt:4:1: error: type: a team game has no xenophobes (21.2)" "xenophobe"
expect_out "team.txt:5:1: error: policy: race 1 is your team mate, and team mates never turn enemies (21.1)" "team mate"
grep -q "team.txt:6:" <<<"$out" && fail "race 5 is no team mate of race 2"
finish
