#pragma once

#include <map>
#include <set>
#include <string>

#include "lua/runtime.hpp"
#include "orders/action_registry.hpp"
#include "orders/order.hpp"
#include "turn/turn_record.hpp"

namespace hl {

// The orders a turn runs on: each empire's turnsheet (an empire may have none).
struct TurnInput {
    std::map<std::string, Turnsheet> sheets;
    std::set<std::string> late;                   // empires whose sheet is a late one (rule 1.5)
    std::map<std::string, std::string> computer;  // empires whose sheet the computer wrote: mode
    bool end_of_turn = true;  // false: stop after the probe rounds (rule tests of actions)
};

// Runs one turn on the runtime's state (which must hold the state after the previous turn):
// the turn number advances, system names and messages are taken, the pack's `begin_turn`
// phases run, then action rounds 1..N (in each, every empire in order of play runs its action
// of that slot), then the probe rounds, then the `end_of_turn` phases. Every action's outcome
// is recorded. Throws ScriptError if a pack script fails; the state is then unusable and must
// not be saved.
TurnRecord run_turn(Runtime& rt, const ActionRegistry& actions, const TurnInput& input);

}  // namespace hl
