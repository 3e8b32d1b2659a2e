# HYPERLANE_RULES adds a folder searched for packs by id before the built-in rules/ folder:
# its packs are found (and win over a built-in pack of the same id), the built-in ones still
# are, and a pack there may extend a built-in one.
source "$(dirname "$0")/lib.bash"
mkdir -p mine/westward mine/cosmos
printf '[pack]\nname = "Westward"\nversion = "1.0.0"\nextends = "starchase"\n' > mine/westward/pack.toml
printf '[pack]\nname = "Not COSMOS"\nversion = "9.0.0"\nextends = "starchase"\n' > mine/cosmos/pack.toml
export HYPERLANE_RULES=$PWD/mine
run "$HL" rules check westward; expect_rc 0 "a pack of the added folder, by id"
expect_out "starchase 1.0.0 <- westward 1.0.0" "extends a built-in pack"
run "$HL" rules check starchase; expect_rc 0 "a built-in pack is still found"
expect_out "rules pack OK: starchase" "built-in pack"
run "$HL" rules check cosmos; expect_rc 0 "the added folder's cosmos"
expect_out "starchase 1.0.0 <- cosmos 9.0.0" "the added folder is searched first"
run "$HL" new g --scenario small --rules westward --seed 2 -q; expect_rc 0 "new with the added pack"
grep -q 'westward' g/game.toml || fail "the game does not name the westward pack"
run "$HL" rules check nosuch; expect_rc 1 "no such pack"
expect_err "looked for nosuch/pack.toml and $PWD/mine/nosuch/pack.toml and " "where it looked"
expect_err "rules/nosuch/pack.toml)" "the built-in folder too"
finish
