#pragma once

#include <cstddef>
#include <vector>

#include <toml++/toml.h>

#include "core/start_slot.hpp"
#include "lua/runtime.hpp"

namespace hl {

// Calls the pack's galaxy.generate(params, empire_count): params are the module's `params`
// defaults overridden by `given` (a scenario's [galaxy] table, each key checked against the
// defaults by name and type); returns the start positions it lists. Throws InputError for a
// bad parameter (at its key) and ScriptError when the script fails or returns no list.
std::vector<StartSlot> pack_generate_galaxy(Runtime& rt, const toml::table& given,
                                            std::size_t empires);

// Calls the pack's turn.setup({starts, fixed_order}), which places the empires of a new game.
void pack_setup_game(Runtime& rt, const std::vector<StartSlot>& starts, bool fixed_order);

}  // namespace hl
