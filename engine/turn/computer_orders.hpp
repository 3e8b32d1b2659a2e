#pragma once

#include <string>

#include "lua/runtime.hpp"

namespace hl {

// Which computer player writes an empire's orders this turn (rules 1.2, 1.5), or none.
// Non-player empires are "computer"; an empire without a sheet is "missed", or "dropout" once
// it has missed game.dropout_after turns in a row (missed_turns counts earlier turns).
std::string computer_mode(const GameState& state, const Empire& empire, bool has_sheet,
                          int dropout_after);

// Asks the pack's ai.lua for an empire's orders and writes them as an ordinary turnsheet for
// `turn`, each order followed by the computer's reason as a comment. Throws ScriptError if the
// script fails.
std::string computer_sheet(Runtime& rt, const std::string& empire, const std::string& mode,
                           int turn);

}  // namespace hl
