#pragma once

#include <functional>
#include <string>

#include "game/runtime.hpp"

namespace hl {

// Runs the phase list the pack names under constants `phases.<list>` (e.g. "setup",
// "end_of_turn"). Each phase is the module `phases/<name>` returning {scope = "empire" or
// "game", run = function(empire, info)}; empire phases run once per surviving empire in order
// of play, each with its own random stream. push_info pushes the `info` table (or nothing
// for an empty one); after_each, if given, runs after each call with the phase's module name.
void run_phases(Runtime& rt, const std::string& list,
                const std::function<void(lua_State*)>& push_info = {},
                const std::function<void(const std::string&)>& after_each = {});

}  // namespace hl
