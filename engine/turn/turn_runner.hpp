#pragma once

#include <map>
#include <set>
#include <string>

#include "lua/pack_orders.hpp"
#include "lua/runtime.hpp"
#include "turn/turn_record.hpp"

namespace hl {

// The orders a turn runs on: each empire's sheet as the pack's grammar read it, in the runtime
// that runs the turn (an empire may have none).
struct TurnInput {
    std::map<std::string, ReadSheet> sheets;
    std::set<std::string> late;                   // empires whose sheet is a late one
    std::map<std::string, std::string> computer;  // empires whose sheet the computer wrote: mode
    bool end_of_turn = true;  // false: the pack stops before its end-of-turn steps (rule tests)
};

// Runs one turn on the runtime's state (which must hold the state after the previous turn):
// the turn number advances and the pack's turn.run(input, turn) plays the turn in its own
// sequence, recording every order's outcome, its log, messages and the empires in play. Throws
// ScriptError if a pack script fails; the state is then unusable and must not be saved.
TurnRecord run_turn(Runtime& rt, const TurnInput& input);

}  // namespace hl
