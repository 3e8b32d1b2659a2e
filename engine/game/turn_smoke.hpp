#pragma once

#include <string>
#include <vector>

#include "core/diagnostics.hpp"
#include "core/state.hpp"

namespace hl {

class Pack;

// Plays one turn of a test game in memory per sheet (the pack's example sheets, which order
// every action at least once): in each turn the first empire in the order of play gives the
// next sheet, every other empire the sheet its computer player writes, and the end-of-turn
// phases run. So `hyperlane rules check` finds action, phase and computer-player scripts that
// fail only when a turn runs. Every failure goes to diags with the script's path and line,
// prefixed by `what` (the test game).
void smoke_test_turns(const Pack& pack, const GameState& state,
                      const std::vector<std::string>& sheets, const std::string& what,
                      Diagnostics& diags);

}  // namespace hl
