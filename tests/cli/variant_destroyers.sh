# The Destroyers variant (rules/variants/destroyers): a new ship class added with a schema
# field, constants, one action file and one computer-player step, no engine change.
source "$(dirname "$0")/lib.bash"
run "$HL" rules check "$SRC/rules/variants/destroyers"; expect_rc 0 "rules check destroyers"
run "$HL" new g --scenario standard --rules variants/destroyers --seed 5 --all-computer
expect_rc 0 "new"
for t in 1 2 3 4 5 6; do run "$HL" run g; expect_rc 0 "turn $t"; done
grep -qE '^[0-9]+ +NEWDST ' g/orders/000[1-6]/*.computer.txt \
  || fail "no computer player built destroyers in six turns"
grep -qE '^destroyers = [1-9]' g/turns/0006/state.toml || fail "no destroyers in the state"
# A player's NEWDST is checked like NEWCRS; the standard game does not know it.
run "$HL" new p --scenario standard --rules variants/destroyers --seed 5; expect_rc 0 "new p"
code=$(sed -n 's/^\([A-Z][A-Z][A-Z]\) = ".*"/\1/p' p/game.toml | head -1)
secret=$(sed -n "s/^$code = \"\(.*\)\"/\1/p" p/game.toml)
printf 'EMPIRE %s\nSECRET %s\nTURN 1\n1 NEWDST - - 1\n' "$code" "$secret" > sheet.txt
run "$HL" check p sheet.txt; expect_rc 0 "NEWDST checks"
run "$HL" new s --scenario standard --seed 5; expect_rc 0 "standard new"
secret=$(sed -n "s/^$code = \"\(.*\)\"/\1/p" s/game.toml)
printf 'EMPIRE %s\nSECRET %s\nTURN 1\n1 NEWDST - - 1\n' "$code" "$secret" > std.txt
run "$HL" check s std.txt; expect_rc 1 "NEWDST unknown in the standard game"
# Reports list every class of [constants.fleet] classes: ARC holds 2 cruisers and 1 destroyer
# at 101 in the scenario (rules/variants/destroyers/tests/destroyers_build_move), so its systems table at turn
# 0 has a Dst column between Crs and Ftr, and the standings line names destroyers.
run "$HL" new d --scenario "$SRC/rules/variants/destroyers/tests/destroyers_build_move/scenario.toml" -q
expect_rc 0 "new from the destroyers scenario"
grep -qE '^Sys Kind +Pop Lim Ind Crs Dst Ftr Col Inc Sup ' d/turns/0000/reports/ARC.txt \
  || fail "no Dst column in ARC's systems table"
grep -qE '^101 Yellow dwarf +4 +5 +3 +2 +1 +0 +0 ' d/turns/0000/reports/ARC.txt \
  || fail "101 does not show 2 cruisers and 1 destroyer"
tr '\n' ' ' < d/turns/0000/reports/ARC.txt | grep -q 'Crs cruisers, Dst *destroyers, Ftr fighters' \
  || fail "the systems legend does not say what Dst holds"
printf 'EMPIRE ARC\nSECRET ARCSECRET\nTURN 1\n1 TAX\n' > arc.txt
printf 'EMPIRE BEL\nSECRET BELSECRET\nTURN 1\n1 TAX\n' > bel.txt
run "$HL" submit d arc.txt; expect_rc 0 "submit ARC"
run "$HL" submit d bel.txt; expect_rc 0 "submit BEL"
# ARC's unused BPs (30 and more) buy cruisers at its base, at most min(population 4,
# industry 3) = 3 (RULINGS.md "Unused BPs"): 5 cruisers and the destroyer.
run "$HL" run d --line; expect_rc 0 "run with the standings line"
expect_out "ARC shares the lead with 0 VPs, 2 systems, 5 cruisers, 1 destroyer, 0 fighters; then BEL 0 VPs 1 sys 0 crs 0 dst; all fleets 5 cruisers, 1 destroyer, 0 fighters" "standings"
finish
