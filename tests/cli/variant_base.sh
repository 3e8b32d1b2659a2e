# An override calls the file it replaces (import("base:NAME"), docs/packs.md "Variants:
# extends"): tests/data/packs/base_outpost's report.lua calls base_frontier's, which calls the
# standard one; each puts one line before the GM's turn summary and changes nothing else.
source "$(dirname "$0")/lib.bash"
V="$SRC/tests/data/packs/base_outpost"
run "$HL" rules check "$V"; expect_rc 0 "rules check of a variant of a variant"
run "$HL" new v --scenario standard --rules "$V" --seed 5 --all-computer -q; expect_rc 0 "new variant game"
run "$HL" new s --scenario standard --seed 5 --all-computer -q; expect_rc 0 "new standard game"
run "$HL" run s; expect_rc 0 "run the standard game"
standard=$out
run "$HL" run v; expect_rc 0 "run the variant"
[ "$out" = "Outpost: turn 1"$'\n'"Frontier: turn 1"$'\n'"$standard" ] \
  || fail "the summary is not the two lines and the standard summary"
# Only reports changed: the turn's outcomes are the standard game's.
cmp -s s/turns/0001/results.json v/turns/0001/results.json || fail "results.json differs"
diff <(grep -v '^pack\|^# Hyperlane' s/turns/0001/state.toml) \
  <(grep -v '^pack\|^# Hyperlane' v/turns/0001/state.toml) > /dev/null \
  || fail "state.toml differs beyond the pack's name"
# A base that does not exist is an error at the importing line.
mkdir -p bad
printf '[pack]\nname = "Bad"\nversion = "1.0.0"\nextends = "starchase"\n' > bad/pack.toml
printf 'local base = import("base:lib/nothing")\nreturn base\n' > bad/report.lua
run "$HL" rules check bad; expect_rc 1 "a missing base"
expect_err "bad/report.lua:1: error: import('base:lib/nothing'): no pack below 'bad' has a module 'lib/nothing'" "located"
finish
