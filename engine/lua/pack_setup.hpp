#pragma once

#include <cstddef>
#include <map>
#include <string>
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

// The names of the fields a scenario gives, which the state already holds when the set-up runs.
struct SetupGiven {
    std::map<std::string, std::vector<std::string>> empire_fields;  // by empire code
    std::vector<std::string> game_fields;                           // of the game kind
};

// Calls the pack's turn.setup({starts, fixed_order, given = {empires = {[code] = {field, ...}},
// game = {field, ...}}}), which places the empires of a new game; the pack decides which given
// values win over what its set-up computes.
void pack_setup_game(Runtime& rt, const std::vector<StartSlot>& starts, bool fixed_order,
                     const SetupGiven& given = {});

}  // namespace hl
