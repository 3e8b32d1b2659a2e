# Hostile Lua in rules packs (tests/data/hostile/sandbox): each once crashed, hung, exhausted
# memory, printed an address or changed tables other scripts share. `rules check` stops each
# with file:line and exit 1 (or, where the engine reads raw, passes), under a time limit and a
# memory cap (lib.bash: hrun); the packs set a 64 MiB memory budget and 20 million steps.
source "$(dirname "$0")/lib.bash"
P="$SRC/tests/data/hostile/sandbox"

stopped() {  # PACK FILE:LINE MESSAGE: rules check refuses the pack at that place
  hrun "$HL" rules check "$P/$1"; expect_rc 1 "rules check $1"
  expect_err "$2: error: $3" "rules check $1"
  expect_err "1 error(s) in rules pack $1" "rules check $1 reports once"
}
deep="calls nested too deeply through library or engine functions"
stopped gsub_recursion "gsub_recursion/lib/hostile.lua:3" "$deep"
stopped sort_recursion "sort_recursion/lib/hostile.lua:3" "$deep"
stopped coroutine_nesting "coroutine_nesting/lib/hostile.lua:6" "$deep"
stopped backtracking "backtracking/lib/hostile.lua:3" "script stopped: it ran more than 20 million steps"
stopped rep_loop "rep_loop/lib/hostile.lua:4" "script stopped: it ran more than 20 million steps"
stopped many_tables "many_tables/lib/hostile.lua:6" "script stopped: it needed more than 64 MiB of memory"
# A budget's error cannot be caught: not by pcall around a table that grows, refused again and
# again; not by an xpcall whose handler loops (the error there, "error in error handling", would
# let the script return as if nothing happened).
stopped memory_catch "memory_catch/lib/hostile.lua:9" "script stopped: it needed more than 64 MiB of memory"
stopped xpcall_handler "xpcall_handler/lib/hostile.lua:3" "script stopped: it ran more than 20 million steps"
hrun "$HL" new xp --scenario small --rules "$P/xpcall_phase" -q; expect_rc 1 "new: xpcall handler"
expect_err "xpcall_phase/phases/visibility.lua:6: error: " "new: xpcall handler located"
expect_err "script stopped: it ran more than 20 million steps" "new: xpcall handler stopped"
[ -e xp ] && fail "new with an endless xpcall handler left a folder"
# A stack overflow in a variant's metatable, met by the standard pack's code: at the variant.
hrun "$HL" rules check "$P/variant_metatable"; expect_rc 1 "stack overflow in a variant"
expect_err "variant_metatable/lib/words.lua:4: error: while creating a 12-empire test game: stack overflow: calls nested too deeply" "stack overflow at the variant's line"
stopped huge_string "huge_string/lib/hostile.lua:2" "script stopped: it needed more than 64 MiB of memory"
stopped format_address "format_address/lib/hostile.lua:2" "string.format: '%p' prints an address"
stopped write_rules "write_rules/lib/hostile.lua:3" "rules.const.ships is read-only: cannot set 'cruiser'"
stopped write_library "write_library/lib/hostile.lua:2" "string is read-only: cannot set 'format'"
stopped write_global "write_global/lib/hostile.lua:3" "assignment to global 'pairs'"
stopped string_metatable "string_metatable/lib/hostile.lua:3" "attempt to index local 'mt' (a string value)"
note="while playing turn 1 of the 12-empire test game: turn.log[1] (a note of phase 'hostile').data"
stopped cycle_note "cycle_note/phases/hostile.lua:4" "$note: self: a table contains itself"
stopped dag_note "dag_note/phases/hostile.lua:5" "$note: a.a."
expect_err "too many values" "a note of 16 million values by reference"
hrun "$HL" rules check "$P/cycle_details"; expect_rc 1 "an action's details hold themselves"
expect_err "cycle_details/actions/stash.lua:8: error: while playing turn" "details located at the action"
expect_err "res.details: self: a table contains itself" "details cycle"
stopped erroring_module "erroring_module/actions/tax.lua" "an action module must set name"

# The engine reads what scripts hand it raw: an erroring __index never runs (once a PANIC).
hrun "$HL" rules check "$P/index_error_note"; expect_rc 0 "a note with an erroring __index"
finish
