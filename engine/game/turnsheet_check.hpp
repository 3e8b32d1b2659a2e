#pragma once

#include <string>
#include <string_view>

#include "core/diagnostics.hpp"
#include "game/game_dir.hpp"
#include "lua/runtime.hpp"
#include "orders/action_registry.hpp"
#include "orders/order.hpp"

namespace hl {

// Checks a parsed turnsheet against the game state of rt, for the turn the game runs next:
// the empire, its secret and the turn; probe boxes against the probe tech; names and message
// recipients; once-per-turn and mutually exclusive actions; that every system, empire and tech
// in a box exists; then, in slot order, each action's pack function A.check(order, ctx) and
// A.estimate(order, ctx), warning where BPs or treasury BPs will likely run out. Every problem
// goes to diags as `file:LINE: error: ...` or `... warning: ...`. Scripts may change rt's state
// (give it a copy).
void check_turnsheet(const Turnsheet& sheet, Runtime& rt, const ActionRegistry& registry,
                     int next_turn, Diagnostics& diags);

// A sheet's text checked against a game.
struct SheetCheck {
    Turnsheet sheet;
    int next_turn = 0;     // the turn the game runs next: latest complete turn + 1
    bool late = false;     // written for an earlier turn: kept as late orders for next_turn
    Diagnostics findings;  // parse and check problems, by line
    // True if nothing stops the sheet from being stored.
    bool ok() const { return !findings.has_errors(); }
};

// Parses a sheet's text with the game's own pack and checks it against the game's latest
// state (what `hyperlane check` and `hyperlane submit` do). A sheet naming an empire of the game
// with a wrong or missing secret gets that one error and no order list: nothing about the
// empire. Throws InputError if the game's pack declares its actions wrongly.
SheetCheck check_sheet(std::string_view text, const std::string& file, const LoadedGame& game);

}  // namespace hl
