# hyperlane new and show: identical games from one seed, the GM's views, refusals.
source "$(dirname "$0")/lib.bash"
run "$HL" new g1 --scenario "$SRC/scenarios/standard.toml" --seed 11
expect_rc 0 "new"; expect_out "Created game \"Standard game\" in g1" "new summary"
# new ends with the next steps, not the state (`show` prints that: below).
expect_out "hyperlane secrets g1 " "next steps: secrets"
expect_out "hyperlane report g1 --empire " "next steps: a report"
expect_out "send g1/turns/0000/reports/ " "next steps: turn 0 without mail addresses"
expect_out "hyperlane serve g1 " "next steps: serve"; expect_out "http://127.0.0.1:8080/g/g1/" "next steps: web address"
expect_out "hyperlane gm g1 --name NAME --address ADDR" "next steps: the GM's name"
grep -q "Order of play:" <<<"$out" && fail "new printed the state"
run "$HL" new g2 --scenario standard --seed 11 --quiet
expect_rc 0 "new by scenario name"; [ -z "$out" ] || fail "--quiet printed output"
# The same game but for the secrets, which come from the kernel (tests/cli/secrets.sh).
diff -r --exclude=game.toml g1 g2 >/dev/null || fail "same scenario and seed gave different game folders"
diff <(grep -v '^[A-Z]* = "' g1/game.toml) <(grep -v '^[A-Z]* = "' g2/game.toml) >/dev/null ||
  fail "same scenario and seed gave different game.toml apart from the secrets"
run "$HL" new g3 --scenario standard --seed 12 -q
cmp -s g1/turns/0000/state.toml g3/turns/0000/state.toml && fail "different seeds gave the same state"
# Empires are listed by code with numbers in numeric order (COSMOS races are 1..14), and the
# order of play is a list of codes.
run "$HL" new cosmos14 --scenario cosmos --seed 3 -q; expect_rc 0 "new cosmos"
run "$HL" show cosmos14; expect_rc 0 "show cosmos"
listed=$(grep -oE '^[0-9]+ ' <<<"$out" | tr -d ' ' | tr '\n' ' ')
[ "$listed" = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 " ] || fail "empires listed as: $listed"
grep -qE '^Order of play: [0-9]+, [0-9]+, ' <<<"$out" || fail "order of play not a list of codes"
# A scenario by name is found beside the rules packs HYPERLANE_RULES names (a copied
# installation), before the source tree's; an unknown name says where it looked.
mkdir -p inst/scenarios && cp -r "$SRC/rules" inst/rules
sed 's/^name = .*/name = "Moved copy"/' "$SRC/scenarios/small.toml" > inst/scenarios/small.toml
HYPERLANE_RULES=$PWD/inst/rules/ run "$HL" new moved --scenario small -q
expect_rc 0 "new with a moved installation"
grep -q '^name = "Moved copy"' moved/game.toml || fail "the scenario beside HYPERLANE_RULES was not used"
HYPERLANE_RULES=$PWD/inst/rules run "$HL" new moved2 --scenario nosuch
expect_rc 1 "unknown scenario"; expect_err "inst/scenarios/nosuch.toml" "unknown scenario: where it looked"

run "$HL" show g1; expect_rc 0 "show"; expect_out "Turn 0 of a Star Chase" "show"
expect_out "techs = { AT = " "show: tech levels"
grep -q "secret" <<<"$out" && fail "show printed secrets without --secrets"
run "$HL" show g1 --records --map --secrets; expect_rc 0 "show --records"
expect_out "Records of holding (24):" "show --records"; expect_out "secret:" "show --secrets"
records=$out
# Long records (sets of systems) are folded at ", " to 100 columns, continued 4 spaces deeper.
long=$(awk 'length > 100' <<<"$out"); [ -z "$long" ] || fail "show printed lines over 100 columns: $long"
grep -q '^        [^ ]' <<<"$out" || fail "show folded no empire line onto a continuation line"
run "$HL" show g1 --systems --map --secrets; expect_rc 0 "show --systems"
[ "$out" = "$records" ] || fail "--systems is not the same as --records"
run "$HL" show g1 --json; expect_rc 0 "show --json"
expect_out '"turn": 0' "json"; expect_out '"order_of_play"' "json"; expect_out '"techs"' "json"
grep -q '"secret"' <<<"$out" && fail "json printed secrets"
run "$HL" show g1 --turn 3; expect_rc 1 "missing turn"; expect_err "turn 3 has no state file" "missing turn"

# Refusals leave existing folders alone.
before=$(cat g1/turns/0000/state.toml)
run "$HL" new g1 --scenario standard --seed 1
expect_rc 1 "new into a game folder"; expect_err "already exists and is not empty" "refusal"
[ "$before" = "$(cat g1/turns/0000/state.toml)" ] || fail "refused new changed the game"
run "$HL" new g4 --scenario no-such-scenario; expect_rc 1 "no scenario"; expect_err "no such scenario" "no scenario"
[ -e g4 ] && fail "failed new left a folder behind"

# A bad scenario reports file:line and writes nothing.
printf '[scenario]\nname = "x"\nrules = "starchase"\n[[empire]]\ncode = "TOOLONG"\nname = "y"\n' > bad.toml
run "$HL" new g5 --scenario bad.toml; expect_rc 1 "bad scenario"
expect_err 'bad.toml:5:8: error: empire[0].code: "TOOLONG" is not an empire code' "bad scenario"
[ -e g5 ] && fail "bad scenario left a folder behind"

# A corrupted state file is reported with its line, exit 1.
printf 'turn = "zero"\n' >> g2/turns/0000/state.toml
run "$HL" show g2; expect_rc 1 "corrupt state"; expect_err "g2/turns/0000/state.toml:" "corrupt state"
finish
