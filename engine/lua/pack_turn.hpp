#pragma once

// The engine's call of a pack's turn.run: the orders of a turn in, what the pack recorded out,
// read raw and within one budget. The only C++ that touches the Lua stack for a turn;
// turn/turn_runner.hpp runs a turn with it.

#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/turn_record.hpp"
#include "lua/pack_orders.hpp"
#include "lua/runtime.hpp"

namespace hl {

// The orders a turn runs on: each empire's sheet as the pack's grammar read it, in the runtime
// that runs the turn (an empire may have none).
struct TurnInput {
    std::map<std::string, ReadSheet> sheets;
    std::set<std::string> late;                   // empires whose sheet is a late one
    std::map<std::string, std::string> computer;  // empires whose sheet the computer wrote: mode
    bool end_of_turn = true;  // false: the pack stops before its end-of-turn steps (rule tests)
};

// Calls the pack's turn.run(input, turn) with turn = {number, log, results, messages, in_play}
// and reads what the scripts left there into rec's actions, notes and messages. Returns the
// empires the pack says took part, sorted. Throws ScriptError if a script fails or left a
// record that cannot be kept (located at the phase or action that made it, else turn.run).
std::vector<std::string> run_pack_turn(Runtime& rt, int number, const TurnInput& input,
                                       TurnRecord& rec);

}  // namespace hl
