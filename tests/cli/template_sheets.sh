# The blank turnsheet at the end of a real turn-0 report, filled in only in part and sent as it
# is, is accepted with just the orders written, in both packs: the standard game's empty slot
# numbers, PROBE, NAME and MESSAGE ALL lines and COSMOS's blocks without orders are no orders.
# A line that is really wrong is still refused at its file:line. END ends a sheet in every pack.
source "$(dirname "$0")/lib.bash"

# The standard game.
run "$HL" new g --scenario small --seed 5 -q; expect_rc 0 "new standard"
ARC=$(grep '^ARC = ' g/game.toml | cut -d'"' -f2)
sed -n '/^# Turnsheet for ARC/,/^MESSAGE ALL$/p' g/turns/0000/reports/ARC.txt > blank.txt
[ "$(grep -c '^NAME$' blank.txt)" -eq 2 ] && grep -q '^16$' blank.txt && grep -q '^PROBE$' blank.txt \
  || fail "the report's blank sheet is not the one this test knows: $(cat blank.txt)"
sed -e "s/^SECRET$/SECRET $ARC/" -e 's/^1$/1 TAX/' -e 's/^3$/3 NEWCRS - - 1/' blank.txt > filled.txt
run "$HL" check g filled.txt; expect_rc 0 "the standard blank sheet filled in part"
expect_out "filled.txt: OK: 2 action(s) of ARC for turn 1, 0 warning(s)" "only the orders written"
[ "$(wc -l <<<"$out")" -eq 1 ] || fail "check said more than OK about empty lines"
run "$HL" check g filled.txt --json; expect_rc 0 "json"
[ "$(grep -c '"action":' <<<"$out")" -eq 2 ] || fail "--json lists other orders than the two"
# Only the secret filled in: a sheet without orders, accepted.
sed -e "s/^SECRET$/SECRET $ARC/" blank.txt > secret-only.txt
run "$HL" check g secret-only.txt; expect_rc 0 "the blank sheet with only the secret"
expect_out "OK: 0 action(s) of ARC for turn 1" "no orders"
# Lines started and not finished are refused at their line.
sed -e 's/^5$/5 MOOV 101/' -e '0,/^NAME$/s//NAME 101/' -e 's/^MESSAGE ALL$/MESSAGE BEL/' \
  -e 's/^16$/17/' filled.txt > broken.txt
run "$HL" check g broken.txt; expect_rc 1 "a wrong line in the blank sheet"
l5=$(grep -n '^5 MOOV' broken.txt | cut -d: -f1)
ln=$(grep -n '^NAME 101$' broken.txt | cut -d: -f1)
lm=$(grep -n '^MESSAGE BEL$' broken.txt | cut -d: -f1)
l17=$(grep -n '^17$' broken.txt | cut -d: -f1)
expect_out "broken.txt:$l5:3: error: unknown action 'MOOV'; did you mean MOVE?" "unknown action"
expect_out "broken.txt:$ln:1: error: NAME: write a system code and its new name" "NAME without a name"
expect_out "broken.txt:$lm:1: error: MESSAGE: write who it is for" "MESSAGE without a text"
expect_out "broken.txt:$l17:1: error: slot 17 does not exist" "a slot that does not exist"
expect_out "broken.txt: 4 error(s)" "four errors"
# END: nothing after it is read.
{ cat filled.txt; printf 'END\nThanks! I attack 102 next turn.\nMOOV 1 2 3\n'; } > ended.txt
run "$HL" check g ended.txt; expect_rc 0 "END in the standard game"
expect_out "ended.txt: OK: 2 action(s) of ARC for turn 1, 0 warning(s)" "END"
run "$HL" submit g ended.txt; expect_rc 0 "submit with END"
cmp -s ended.txt g/orders/0001/ARC.txt || fail "the sheet with END is not stored as sent"

# COSMOS.
run "$HL" new c --scenario cosmos_small --seed 5 -q; expect_rc 0 "new COSMOS"
S1=$(grep '^1 = ' c/game.toml | cut -d'"' -f2)
sed -n '/^@ Race 1 /,$p' c/turns/0000/reports/1.txt > cblank.txt
grep -q '^secret$' cblank.txt && grep -q '^race 1:$' cblank.txt && grep -q '^S0100: @' cblank.txt \
  || fail "the COSMOS report's blank sheet is not the one this test knows: $(cat cblank.txt)"
sed -e "s/^secret$/secret $S1/" -e 's/^race 1:$/race 1:\npolicy 2 ally/' \
  -e 's/^\(S0101: .*\)$/\1\nmove H0708/' cblank.txt > cfilled.txt
run "$HL" check c cfilled.txt; expect_rc 0 "the COSMOS blank sheet filled in part"
expect_out "cfilled.txt: OK: 2 order(s) of 1 for turn 1" "only the orders written"
sed -e 's/^policy 2 ally$/policy 2 friends/' cfilled.txt > cbroken.txt
lp=$(grep -n '^policy 2 friends$' cbroken.txt | cut -d: -f1)
run "$HL" check c cbroken.txt; expect_rc 1 "a wrong line in the COSMOS blank sheet"
expect_out "cbroken.txt:$lp:" "refused at its line"
{ cat cfilled.txt; printf 'end\nsee you next turn\n'; } > cended.txt
run "$HL" check c cended.txt; expect_rc 0 "END in COSMOS"
expect_out "cended.txt: OK: 2 order(s) of 1 for turn 1" "END in COSMOS"
finish
