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
finish
