#pragma once

#include <cstdint>
#include <vector>

#include "core/diagnostics.hpp"

namespace hl {

class Pack;

// What `hyperlane rules check` does beyond loading the pack's TOML.
struct PackCheckOptions {
    // A game of each size (at most game.max_empires) is created as a smoke test.
    std::vector<int> empire_counts = {12, 4};
    std::uint64_t seed = 1;
};

// Compiles and runs every Lua module of the pack, checks the hooks the engine calls
// (galaxy.generate and params, every listed phase), then creates test games, runs every
// action's turnsheet check on test orders in the first and plays turns of it until each test
// order has run once (pack/turn_smoke.hpp). Every problem goes to diags with the script's path
// and line.
void check_pack(const Pack& pack, const PackCheckOptions& opts, Diagnostics& diags);

// Converts a script error into a finding at the script's path and line.
Diagnostic script_diagnostic(const struct LuaError& err);

}  // namespace hl
