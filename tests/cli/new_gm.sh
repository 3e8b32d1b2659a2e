# hyperlane new --gm-name/--gm-address: the GM as `gm --name/--address` would store it, in
# game.toml and in turn 0's reports; a bad name or address is refused and nothing is written.
source "$(dirname "$0")/lib.bash"

run "$HL" new g --scenario small --seed 3 -q --gm-name "Star GM" --gm-address gm@example.org
expect_rc 0 "new with the GM"
grep -qx 'gm = "Star GM"' g/game.toml || fail "game.toml lacks the GM's name"
grep -qx 'gm_address = "gm@example.org"' g/game.toml || fail "game.toml lacks the GM's address"
r=g/turns/0000/reports
grep -qx "GM: Star GM <gm@example.org>" "$r/game.txt" || fail "turn 0's game report lacks the GM"
grep -q "Send it to Star GM <gm@example.org>." "$r/ARC.txt" || fail "turn 0's ARC report lacks the GM"
grep -q "The GM" "$r/ARC.txt" "$r/game.txt" && fail "turn 0's reports still name \"The GM\""
run "$HL" gm g; expect_rc 0 "gm"; expect_out "GM: Star GM <gm@example.org>" "gm shows what new stored"

# The same store as `gm`: a game made without the options, then set by `gm`, has the same game.toml.
run "$HL" new g2 --scenario small --seed 3 -q; expect_rc 0 "new without the GM"
run "$HL" gm g2 --name "Star GM" --address gm@example.org; expect_rc 0 "gm --name --address"
diff <(grep -v '^[A-Z]* = "' g/game.toml) <(grep -v '^[A-Z]* = "' g2/game.toml) >/dev/null ||
  fail "new --gm-name/--gm-address and gm --name/--address stored different game.toml"
# ... and the rerender new's next steps name puts the GM into turn 0's reports.
run "$HL" rerender g2; expect_rc 0 "rerender turn 0"
cmp -s g/turns/0000/reports/ARC.txt g2/turns/0000/reports/ARC.txt ||
  fail "gm + rerender gave other turn 0 reports than new --gm-name/--gm-address"

# COSMOS's game report names the GM too.
run "$HL" new c --scenario cosmos_small --seed 3 -q --gm-name "Cosmos GM"; expect_rc 0 "new cosmos"
grep -q "Cosmos GM" c/turns/0000/reports/game.txt || fail "COSMOS turn 0's game report lacks the GM"

# The next steps: mail-out when the roster has an address, no `gm` step once the GM is named,
# and the web address under the folder's name (as `serve` names the game).
run "$HL" new sub/m/ --scenario small --seed 3 --player "BEL=Bo <bo@example.org>" --gm-name "Star GM"
expect_rc 0 "new with a mail player"
expect_out "hyperlane mail-out sub/m " "next steps: mail-out"
expect_out "hyperlane report sub/m --empire ARC " "next steps: a player's empire"
expect_out "http://127.0.0.1:8080/g/m/" "next steps: web address of a folder given with a /"
grep -q "hyperlane gm " <<<"$out" && fail "next steps ask for the GM's name given to new"
grep -q "^  send " <<<"$out" && fail "next steps say to send files by hand though mail is possible"

# Refusals, with the same messages as gm's, write nothing.
run "$HL" new bad --scenario small --gm-address "not an address"; expect_rc 1 "bad address"
expect_err "--gm-address: error: 'not an address' is not a plain mail address (local@domain); nothing was written" "bad address"
run "$HL" new bad --scenario small --gm-address "a@b.org>, c@d.org"; expect_rc 1 "header injection"
run "$HL" new bad --scenario small --gm-name "$(printf 'Two\nlines')"; expect_rc 1 "bad name"
expect_err "--gm-name: error:" "bad name"; expect_err "nothing was written" "bad name"
[ -e bad ] && fail "a refused new left a folder"
run "$HL" gm g --address "not an address"; expect_rc 1 "gm bad address"
expect_err "--address: error: 'not an address' is not a plain mail address (local@domain); nothing was written" "gm bad address"
finish
