# hyperlane sim: the same arguments give the same CSV whatever --jobs; --vs compares two packs
# over the same seeds; bad arguments exit 1.
source "$(dirname "$0")/lib.bash"

run "$HL" sim --scenario small --games 4 --turns 8 --jobs 1 --out one
expect_rc 0 "sim with one job"
expect_out "game length (turns)" "sim prints the run's metrics"
expect_out "Wrote one/games.csv" "sim says where the files are"
for f in games.csv empires.csv vps.svg; do [ -s "one/$f" ] || fail "sim wrote no one/$f"; done
[ "$(head -c 4 one/vps.svg)" = "<svg" ] || fail "vps.svg is not an SVG"
[ -z "$err" ] || fail "no progress bar when stderr is not a terminal"

run "$HL" sim --scenario small --games 4 --turns 8 --jobs 3 --out three -q
expect_rc 0 "sim with three jobs"
[ -z "$out" ] || fail "--quiet prints nothing"
cmp -s one/games.csv three/games.csv || fail "games.csv differs between --jobs 1 and --jobs 3"
cmp -s one/empires.csv three/empires.csv || fail "empires.csv differs between --jobs 1 and --jobs 3"
cmp -s one/vps.svg three/vps.svg || fail "vps.svg differs between --jobs 1 and --jobs 3"
[ "$(wc -l <one/games.csv)" -eq 5 ] || fail "games.csv has a header and one row per game"

run "$HL" sim --scenario small --games 3 --turns 6 --vs "$SRC/rules/variants/frontier" --out vs
expect_rc 0 "sim --vs"
expect_out "B - A" "sim --vs prints the differences"
expect_out "leader's share of VPs" "sim --vs compares the leader's share of VPs"
[ "$(grep -c '^starchase,' vs/games.csv)" -eq 3 ] || fail "games.csv has the first pack's games"
[ "$(grep -c '^variants/frontier,' vs/games.csv)" -eq 3 ] || fail "games.csv has the second pack's games"

run "$HL" sim --scenario small --games 6 --turns 6 --modes dropout,missed,none --out modes
expect_rc 0 "sim --modes"
expect_out "dropout against missed" "sim --modes compares the computer players"
grep -q ',missed,' modes/empires.csv || fail "empires.csv records each empire's computer player"

run "$HL" sim --scenario small --games 2 --modes dropout,sleepy --out bad
expect_rc 1 "unknown mode"; expect_err "unknown computer player 'sleepy'" "unknown mode"
run "$HL" sim --scenario small --out bad
expect_rc 1 "--games is required"
touch afile
run "$HL" sim --scenario small --games 1 --turns 1 --out afile
expect_rc 1 "--out names a file"; expect_err "cannot create this folder" "--out names a file"
run "$HL" sim --scenario no-such-scenario --games 1 --out bad
expect_rc 1 "missing scenario"; expect_err "no such scenario file" "missing scenario"
finish
