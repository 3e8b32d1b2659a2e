# A pack's report hooks (report.standings, report.gm_summary, report.turn_summary) must return a
# list of lines; anything else is a script error at the hook's file:line, not silence
# (tests/data/packs/bad_report). doc.table's checks are tests/data/packs/tally/tests/doc_table.lua.
source "$(dirname "$0")/lib.bash"
B="$SRC/tests/data/packs/bad_report"
cat > bad.toml <<EOF2
[scenario]
name = "Bad report"
rules = "$B"
gm = "The GM"

[[empire]]
code = "ARC"
name = "Arcturan House"
computer = true

[[empire]]
code = "BEL"
name = "Bellatrix House"
computer = true
EOF2
run "$HL" new g --scenario bad.toml --seed 1 -q; expect_rc 0 "new game"
run "$HL" show g; expect_rc 1 "gm_summary returns a string"
expect_err "bad_report/report.lua:11: error: report.gm_summary: must return a list of lines (strings), not string" "gm_summary"
# The standings line is made after the turn is saved: a pack bug (exit 2) that says turn 1 was.
run "$HL" run g --line; expect_rc 2 "standings holds a number"
expect_err "bad_report/report.lua:6: error: report.standings: line 2 is number, not a string" "standings"
expect_err "failed summing up the turn (a bug in the pack, not in the orders); turn 1 was saved" "standings"
[ -f g/turns/0001/state.toml ] || fail "turn 1 was not saved"
finish
