#pragma once

#include <string>

#include "core/diagnostics.hpp"
#include "core/state.hpp"
#include "lua/runtime.hpp"
#include "pack/pack.hpp"

namespace hl {

// The pack's rules across records that its schema cannot declare (state_rules.lua, check()
// returning a list of problems), checked whenever a state is loaded, made or about to be
// saved: errors at shown_name, one per problem. A pack without state_rules.lua has none.
// Throws ScriptError if the script fails.
Diagnostics check_state_rules(const Pack& pack, const GameState& state,
                              const std::string& shown_name);

// The same check in a runtime that already exists (the turn's), its calls made read-only for
// the check: no second Lua state is made.
Diagnostics check_state_rules(Runtime& rt, const std::string& shown_name);

}  // namespace hl
