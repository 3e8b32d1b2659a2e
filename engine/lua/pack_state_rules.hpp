#pragma once

#include <string>
#include <vector>

#include "lua/runtime.hpp"

namespace hl {

// Calls the pack's state_rules.check() and returns the problems it lists (none when the pack
// has no state_rules.lua). Throws ScriptError if the script fails or returns no list.
std::vector<std::string> pack_state_problems(Runtime& rt);

}  // namespace hl
