#pragma once

#include <string>

#include "core/state.hpp"
#include "turn/turn_record.hpp"

namespace hl {

// The GM's one-screen summary of a turn just run: who acted and how, battles and captures,
// census, victory warnings, eliminations, the next order of play.
std::string render_turn_summary(const GameState& state, const TurnRecord& rec);

}  // namespace hl
