#pragma once

#include "core/turn_record.hpp"
#include "lua/pack_turn.hpp"
#include "lua/runtime.hpp"

namespace hl {

// Runs one turn on the runtime's state (which must hold the state after the previous turn):
// the turn number advances and the pack's turn.run(input, turn) plays the turn in its own
// sequence, recording every order's outcome, its log, messages and the empires in play. Throws
// ScriptError if a pack script fails; the state is then unusable and must not be saved.
TurnRecord run_turn(Runtime& rt, const TurnInput& input);

}  // namespace hl
