# hyperlane rules check: good packs pass, broken ones give file:line and exit 1; the example
# variant's new tech shows in a game made with it.
source "$(dirname "$0")/lib.bash"
run "$HL" rules check starchase; expect_rc 0 "starchase"; expect_out "rules pack OK: starchase" "starchase"
run "$HL" rules check "$SRC/rules/variants/frontier"; expect_rc 0 "frontier"
expect_out "starchase 1.0.0 <- variants/frontier 1.0.0" "frontier chain"
P="$SRC/tests/data/packs"
run "$HL" rules check "$P/bad_toml"; expect_rc 1 "bad toml"; expect_err "bad_toml/pack.toml:4:" "bad toml"
run "$HL" rules check "$P/unknown_key"; expect_rc 1 "unknown key"; expect_err "unknown_key/pack.toml:5:1: error: pack.colour: unknown key" "unknown key"
run "$HL" rules check "$P/dangling"; expect_rc 1 "dangling"; expect_err "unknown kind 'purple'" "dangling"
run "$HL" rules check "$P/lua_syntax"; expect_rc 1 "lua syntax"; expect_err "lua_syntax/galaxy.lua:4: error:" "lua syntax"
run "$HL" rules check "$P/lua_runtime"; expect_rc 1 "lua runtime"; expect_err "lua_runtime/galaxy.lua:5: error:" "lua runtime"
run "$HL" rules check "$P/endless"; expect_rc 1 "endless loop"; expect_err "script stopped" "endless loop"
run "$HL" rules check nowhere; expect_rc 1 "no pack"; expect_err "no rules pack 'nowhere'" "no pack"

run "$HL" new fg --scenario small --rules "$SRC/rules/variants/frontier" --seed 4
expect_rc 0 "new with the variant"
run "$HL" show fg; expect_rc 0 "show variant game"; expect_out " MN" "variant tech column"
expect_out "Star Chase: Frontier" "variant name"
grep -q 'treasury = 80' fg/turns/0000/state.toml || fail "variant treasury constant not applied"
[ -f fg/rules/variants/frontier/techs.toml ] || fail "variant not copied into the game"
[ -f fg/rules/starchase/galaxy.lua ] || fail "base pack not copied into the game"
finish
