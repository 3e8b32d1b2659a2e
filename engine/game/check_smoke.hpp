#pragma once

#include <string>
#include <vector>

#include "core/diagnostics.hpp"
#include "core/state.hpp"

namespace hl {

class Pack;

// Reads and checks the pack's example sheets (turnsheet.examples) as the first empire in the
// order of play of a game, so that `hyperlane rules check` finds grammar and check scripts that
// fail, and example sheets the pack's own grammar refuses. Only those are reported: the
// examples' orders may well be refused by the checks. Returns the sheets the grammar read
// without error, for test turns that run them (game/turn_smoke.hpp).
std::vector<std::string> smoke_test_checks(const Pack& pack, const GameState& state,
                                           Diagnostics& diags);

}  // namespace hl
