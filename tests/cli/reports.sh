# Reports: written for turn 0 and every turn in all formats; hyperlane report prints them.
source "$(dirname "$0")/lib.bash"
run "$HL" new g --scenario small --seed 8 -q; expect_rc 0 "new"
for f in ARC.txt ARC.html ARC.json ARC.svg game.txt game.html game.json; do
  [ -s "g/turns/0000/reports/$f" ] || fail "turn 0 report $f missing"
done
run "$HL" run g -q; expect_rc 0 "run"
for e in ARC BEL CAS DEN; do
  for x in txt html json svg; do [ -s "g/turns/0001/reports/$e.$x" ] || fail "turn 1 report $e.$x missing"; done
done
run "$HL" report g --empire arc; expect_rc 0 "report text"
expect_out "Report for Arcturan League (ARC)" "report text"; expect_out "Turnsheet for next turn" "report text"
long=$(awk 'length > 80' <<<"$out" | head -3)
[ -z "$long" ] || fail "text report has lines over 80 columns: $long"
run "$HL" report g --empire ARC --format json; expect_rc 0 "report json"; expect_out '"kind": "empire"' "json"
run "$HL" report g --empire ARC --format html; expect_out "<svg" "html has the map"
run "$HL" report g; expect_rc 0 "game report"; expect_out "Roundup" "game report"
run "$HL" report g --turn 0 --empire ARC; expect_rc 0 "turn 0 report"; expect_out "turn 0" "turn 0"
run "$HL" report g --empire XYZ; expect_rc 1 "unknown empire"; expect_err "no empire 'XYZ'" "unknown empire"
run "$HL" report g --format pdf; expect_rc 1 "bad format"
# Another empire's secret never appears in a report.
bel_secret=$(grep '^BEL' g/game.toml | cut -d'"' -f2)
grep -rq "$bel_secret" g/turns/0001/reports/ARC.* && fail "BEL's secret appears in ARC's report"
finish
