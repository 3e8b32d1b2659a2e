# A relative `rules =` path in a scenario is taken from the scenario file's folder, wherever
# the command runs; a pack id is still looked up in the rules folders.
source "$(dirname "$0")/lib.bash"
mkdir -p games/scen packs && cp -r "$SRC/tests/data/packs/tally" packs/tally
cat > games/scen/tally.toml <<EOF2
[scenario]
name = "Tally"
rules = "../../packs/tally"
gm = "The GM"

[[empire]]
code = "ARC"
name = "Arcturan House"
computer = true
EOF2
run "$HL" new g1 --scenario games/scen/tally.toml --seed 1 -q
expect_rc 0 "relative to the scenario's folder, run from elsewhere"
grep -q 'tally' g1/game.toml || fail "the game does not name the tally pack"
cd games && run "$HL" new g2 --scenario scen/tally.toml --seed 1 -q; cd ..
expect_rc 0 "run from the scenario's parent folder"
sed 's|^rules = .*|rules = "packs/tally"|' games/scen/tally.toml > games/scen/cwd.toml
run "$HL" new g3 --scenario games/scen/cwd.toml --seed 1 -q
expect_rc 1 "a path relative to the working folder, not the scenario's, is not used"
expect_err "games/scen/packs/tally/pack.toml" "where it looked"
run "$HL" sim --scenario games/scen/tally.toml --games 1 --turns 1 --seed 1 --out simout
expect_err "packs/tally/pack.toml:18:1: error: pack 'tally' has no constant sim.owned_kind" \
  "sim finds the pack from the scenario's folder (tally cannot be simulated)"
finish
