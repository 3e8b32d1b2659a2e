#pragma once

#include <string>

#include "core/diagnostics.hpp"
#include "core/sheet_text.hpp"
#include "core/state.hpp"

namespace hl {

// Checks what the engine needs from every sheet, whatever its game: the empire it is for
// exists and takes sheets (not the computer's), the secret is that empire's, and the turn is
// the game's next turn (an earlier one only warns: the sheet is kept as late orders). A missing
// empire, secret or turn is reported here only if the grammar reported no error (it should
// have said how to write it). Findings use the labels the grammar gave. Returns the empire
// when it exists, so that the pack's own checks run and every problem of the sheet is
// reported at once, else nullptr. A sheet for the turn before next_turn is kept as late orders
// (a warning); one for an earlier turn is refused.
const Empire* check_sheet_header(const SheetHeader& header, const std::string& file,
                                 bool grammar_errors, const GameState& state, int next_turn,
                                 Diagnostics& out);

// True if the sheet was written for the turn before next_turn (late orders, rule 1.5).
bool sheet_is_late(const SheetHeader& header, int next_turn);

}  // namespace hl
