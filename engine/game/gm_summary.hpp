#pragma once

#include <string>
#include <vector>

#include "core/state.hpp"
#include "pack/pack.hpp"

namespace hl {

// The pack's summary lines for the GM's view of a state (report.gm_summary(), if the pack's
// report module has it; none otherwise), e.g. the hidden census turn and victory standing.
// Throws ScriptError if the script fails.
std::vector<std::string> gm_summary(const Pack& pack, const GameState& state);

}  // namespace hl
