# Hostile rules packs (tests/data/hostile/packs): constants outside the limits, malformed
# limits, an action that misuses the state API, a library that never finishes loading, files
# too large to read. `rules check` and `new` refuse each with file:line and exit 1, under a time
# limit and a memory cap (lib.bash: hrun).
source "$(dirname "$0")/lib.bash"
P="$SRC/tests/data/hostile/packs"

refused() {  # PACK EXPECTED-MESSAGE: rules check and new both refuse the pack, saying so
  hrun "$HL" rules check "$P/$1"; expect_rc 1 "rules check $1"; expect_err "$2" "rules check $1"
  hrun "$HL" new "new_$1" --scenario small --rules "$P/$1" -q; expect_rc 1 "new $1"
  expect_err "$2" "new $1"
  [ -e "new_$1" ] && fail "new with pack $1 left a folder"
}
refused stash_zero "stash_zero/pack.toml:7:14: error: constants.economy.stash_cost: is 0; expected a whole number from 1 to 1000"
refused slots_huge "constants.game.actions_per_turn: is 2000000000; expected a whole number from 1 to 99"
refused slots_zero "constants.game.actions_per_turn: is 0; expected a whole number from 1 to 99"
refused slots_negative "constants.game.actions_per_turn: is -3; expected a whole number from 1 to 99"
refused fractional_slots "constants.game.actions_per_turn: is 16.5; expected a whole number"
refused negative_cost "constants.ships.cruiser: is -10; expected a whole number from 1 to 100000"
refused nan_constant "constants.galaxy.fill: nan is not a number a pack may use"
refused bad_limits "limits.\"economy.tax_bps\": min is above max"
expect_err "limits.\"no.such\": no such constant in the pack" "bad limits"
expect_err "limits.\"ships.cruiser\".least: unknown key" "bad limits"
expect_err "limits.\"game.probe_tech\": the constant is not a number" "bad limits"
expect_err "limits.\"start.treasury\": expected a table" "bad limits"

# An action whose run() calls the state API wrongly passes its turnsheet check: only playing a
# turn finds it.
refused state_misuse "state_misuse/actions/scrapf.lua:13: error: while playing turn"
expect_err "fighters_scrapped" "state misuse names the field"

# A library every action imports loops forever at its top level: stopped once and reported
# once, not once per importer (test_import_failures.cpp counts the runs).
hrun "$HL" rules check "$P/loop_in_lib"; expect_rc 1 "loop in lib"
expect_err "loop_in_lib/lib/act.lua:3: error: script stopped" "loop in lib"
expect_err "1 error(s) in rules pack loop_in_lib" "loop in lib reported once"

# Files too large to read: refused while reading, under the memory cap.
mkdir -p big/lib && printf '[pack]\nname = "Big"\nversion = "1"\nextends = "starchase"\n' > big/pack.toml
head -c $((5 * 1024 * 1024)) /dev/zero | tr '\0' '-' > big/lib/huge.lua
hrun "$HL" rules check big; expect_rc 1 "huge Lua file"; expect_err "big/lib/huge.lua: error: longer than 4 MiB" "huge Lua"
mkdir -p zero && ln -s /dev/zero zero/pack.toml
hrun "$HL" rules check zero; expect_rc 1 "pack.toml /dev/zero"; expect_err "zero/pack.toml: error: longer than 4 MiB" "pack.toml"
mkdir -p many/actions && printf '[pack]\nname = "Many"\nversion = "1"\nextends = "starchase"\n' > many/pack.toml
for i in $(seq 1 2001); do : > "many/actions/a$i.lua"; done
hrun "$HL" rules check many; expect_rc 1 "too many Lua files"; expect_err "more than 2000 Lua files" "many"
finish
