#pragma once

#include <string>

#include <optional>

#include "lua/pack_orders.hpp"
#include "lua/runtime.hpp"

namespace hl {

// Which computer player writes an empire's orders this turn (rules 1.2, 1.5), or none.
// Non-player empires are "computer"; an empire without a sheet is "missed", or "dropout" once
// it has missed game.dropout_after turns in a row (missed_turns counts earlier turns).
std::string computer_mode(const GameState& state, const Empire& empire, bool has_sheet,
                          int dropout_after);

// The turnsheet the pack's computer player (ai.sheet) writes for an empire for `turn`, with the
// computer's placeholder secret (kComputerSecret), as an ordinary sheet of the pack's grammar.
// Throws ScriptError if the script fails.
std::string computer_sheet(Runtime& rt, const std::string& empire, const std::string& mode,
                           int turn);

// The same orders already read, where the pack offers that (computer_read_sheet, the sheet
// named `file`), for callers that store no text; nullopt if the pack does not.
std::optional<ReadSheet> computer_sheet_read(Runtime& rt, const std::string& empire,
                                             const std::string& mode, int turn,
                                             const std::string& file);

}  // namespace hl
