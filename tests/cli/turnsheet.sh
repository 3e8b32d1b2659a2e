# hyperlane check and submit: findings with file:line and exit codes, --json, standard input,
# storing, replacing, refusing, and late orders.
source "$(dirname "$0")/lib.bash"
run "$HL" new g --scenario "$SRC/tests/data/scenarios/turnsheets.toml" -q; expect_rc 0 "new"

cat > good.txt <<'SHEET'
EMPIRE ARC
SECRET OPENSESAME
TURN 1
1 MOVE 101 102 5
NEWCRS - - 2
16 STASH
PROBE 101
SHEET
cat > bad.txt <<'SHEET'
EMPIRE ARC
SECRET OPENSESAME
TURN 1
MOVE 101 103 5
MOOV 101 102 1
ORDER - - 99
SHEET

run "$HL" check g good.txt; expect_rc 0 "good sheet"
expect_out "good.txt: OK: 3 action(s) of ARC for turn 1, 0 warning(s)" "good sheet"
[ -z "$err" ] || fail "check printed to stderr for a good sheet"
run "$HL" check g bad.txt; expect_rc 1 "bad sheet"
expect_out "bad.txt:4:10: error: MOVE WHERE TO 103: not linked to 101" "link"
expect_out "bad.txt:5:1: error: unknown action or keyword 'MOOV'; did you mean MOVE?" "unknown"
expect_out "bad.txt:6:1: warning: ORDER: needs about 99 BPs, but only about 50 will be left by slot 3" "bps"
expect_out "bad.txt: 2 error(s), 1 warning(s): the sheet cannot be accepted" "summary"

run "$HL" check g bad.txt --json; expect_rc 1 "json"
expect_out '"file": "bad.txt"' "json"; expect_out '"ok": false' "json"
expect_out '"errors": 2' "json"; expect_out '"severity": "warning"' "json"
expect_out '"action": "ORDER"' "json"
if command -v python3 >/dev/null; then
  python3 -c 'import json,sys; json.load(sys.stdin)' <<<"$out" || fail "--json is not valid JSON"
fi
run "$HL" check g good.txt --json; expect_rc 0 "json good"; expect_out '"ok": true' "json good"

out=$("$HL" check g - < good.txt 2>&1); rc=$?
expect_rc 0 "standard input"; expect_out "-: OK: 3 action(s)" "standard input"
printf 'EMPIRE ARC\nSECRET OPENSESAME\nTURN 1\nNAME 101 \xff\xfe\n\x00\x01\x02\n' > binary.txt
run "$HL" check g binary.txt; expect_rc 1 "binary"
expect_out "binary.txt:4:10: error: NAME 101: the text is not valid UTF-8" "utf-8"
run "$HL" check g binary.txt --json; expect_rc 1 "binary json"

run "$HL" check g missing.txt; expect_rc 1 "missing file"; expect_err "missing.txt: error: cannot read the turnsheet file" "missing file"
run "$HL" check nowhere good.txt; expect_rc 1 "no game"; expect_err "is this a game folder?" "no game"

# A wrong or missing secret: that one error, and nothing about the empire (text and JSON).
sed 's/^SECRET OPENSESAME$/SECRET WRONG/' bad.txt > wrong.txt
grep -v '^SECRET' bad.txt > nosecret.txt
run "$HL" check g wrong.txt; expect_rc 1 "wrong secret"
[ "$out" = "wrong.txt:2:8: error: SECRET: wrong secret for empire ARC
wrong.txt: 1 error(s), 0 warning(s): the sheet cannot be accepted" ] || fail "wrong secret: more than the one error"
run "$HL" check g nosecret.txt; expect_rc 1 "missing secret"
[ "$(grep -c error <<<"$out")" -eq 2 ] || fail "missing secret: more than the one error"
expect_out "nosecret.txt:1: error: the sheet has no SECRET line" "missing secret"
for f in wrong.txt nosecret.txt; do
  run "$HL" check g "$f" --json; expect_rc 1 "$f json"
  expect_out '"errors": 1' "$f json"; expect_out '"warnings": 0' "$f json"; expect_out '"orders": []' "$f json"
  grep -q -e 'MOVE' -e 'BPs' -e 'linked' <<<"$out" && fail "$f json tells about the empire"
done

# submit: a refused sheet changes nothing.
run "$HL" submit g bad.txt; expect_rc 1 "submit bad"
expect_err "bad.txt:4:10: error: MOVE WHERE TO 103: not linked to 101" "submit bad"
expect_err "bad.txt: not stored: 2 error(s)" "submit bad"
run "$HL" submit g wrong.txt; expect_rc 1 "submit wrong secret"
expect_err "wrong.txt: not stored: 1 error(s)" "submit wrong secret"
[ -e g/orders/0001/ARC.txt ] && fail "a refused sheet was stored"

run "$HL" submit g good.txt; expect_rc 0 "submit good"
expect_out "Stored the orders of empire ARC for turn 1 in g/orders/0001/ARC.txt." "submit good"
cmp -s good.txt g/orders/0001/ARC.txt || fail "stored sheet differs from the submitted one"
printf 'EMPIRE ARC\nSECRET OPENSESAME\nTURN 1\nTAX\n' > second.txt
run "$HL" submit g second.txt; expect_rc 0 "resubmit"
expect_out "(replacing the earlier sheet)" "resubmit"
cmp -s second.txt g/orders/0001/ARC.txt || fail "a later submission did not replace the earlier"
[ "$(ls g/orders/0001)" = "ARC.txt" ] || fail "unexpected files in g/orders/0001: $(ls g/orders/0001)"
run "$HL" submit g bad.txt; expect_rc 1 "bad after good"
cmp -s second.txt g/orders/0001/ARC.txt || fail "a refused sheet changed the stored one"

# Late orders: once turn 1 is complete, a sheet for turn 1 is kept for turn 2.
mkdir -p g/turns/0001
sed 's/^turn = 0$/turn = 1/' g/turns/0000/state.toml > g/turns/0001/state.toml
grep -q '^turn = 1$' g/turns/0001/state.toml || fail "could not fake turn 1"
run "$HL" check g good.txt; expect_rc 0 "late check"
expect_out "good.txt:3:6: warning: TURN 1: the game's next turn is 2: this sheet is late" "late check"
expect_out "(late orders written for turn 1)" "late check"
run "$HL" submit g good.txt; expect_rc 0 "late submit"
expect_out "Stored the late orders of empire ARC for turn 2 in g/orders/0002/ARC.late.txt." "late submit"
cmp -s good.txt g/orders/0002/ARC.late.txt || fail "late sheet not stored"
printf 'EMPIRE ARC\nSECRET OPENSESAME\nTURN 2\nTAX\n' > now.txt
run "$HL" submit g now.txt; expect_rc 0 "regular after late"
[ -f g/orders/0002/ARC.txt ] || fail "regular sheet for turn 2 not stored"
run "$HL" submit g good.txt; expect_rc 0 "late after regular"
expect_out "ARC already has orders for turn 2: late orders are used only when there are none." "late after regular"
printf 'EMPIRE ARC\nSECRET OPENSESAME\nTURN 3\nTAX\n' > early.txt
run "$HL" submit g early.txt; expect_rc 1 "early"
expect_err "early.txt:3:6: error: TURN 3: the game's next turn is 2; orders for later turns are not taken yet" "early"
[ -e g/orders/0003 ] && fail "a sheet for a later turn was stored"
finish
