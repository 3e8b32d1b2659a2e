#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/diagnostics.hpp"
#include "game/game_dir.hpp"
#include "lua/pack_orders.hpp"
#include "lua/runtime.hpp"

namespace hl {

// Checks a sheet the pack's grammar read against the game state of rt, for the turn the game
// runs next: the engine's checks of its empire, secret and turn (orders/sheet_header.hpp),
// then, if the empire exists and the secret is right, the pack's turnsheet.check. Findings go
// to diags. Scripts may change rt's state (give it a copy).
CheckOutcome check_turnsheet(const ReadSheet& sheet, Runtime& rt, int next_turn,
                             Diagnostics& diags);

// A sheet's text checked against a game.
struct SheetCheck {
    std::string file;
    SheetHeader header;             // the empire, secret and turn the sheet gives
    int next_turn = 0;              // the turn the game runs next: latest complete turn + 1
    bool late = false;              // written for the turn before next_turn: late orders for it
    Diagnostics findings;           // the grammar's and the checks' findings, by line
    nlohmann::ordered_json orders;  // the pack's table of the sheet's orders (check --json)
    std::string noun = "order";     // what the pack calls one of them (turnsheet.noun)
    // True if nothing stops the sheet from being stored.
    bool ok() const { return !findings.has_errors(); }
};

// Reads a sheet's text with the game's own pack and checks it against the game's latest state
// (what `hyperlane check` and `hyperlane submit` do). A sheet naming an empire of the game with
// a wrong or missing secret gets that one error and no order list: nothing about the empire.
// Throws InputError if the pack's turnsheet.problems() reports declarations it cannot work with.
SheetCheck check_sheet(std::string_view text, const std::string& file, const LoadedGame& game);

// The blank sheet of an empire for the game's next turn, as the web's editor starts it for the
// signed-in player: the pack's turnsheet.blank({empire, turn}), or the engine's three header
// lines (EMPIRE, a bare SECRET, TURN) when the pack has no such hook. Its SECRET line is bare: no
// page shows a secret, and the web fills the session's in when the sheet comes back (see
// web/sheet_secret.hpp). Throws ScriptError if the pack's script fails.
std::string blank_sheet(const LoadedGame& game, const std::string& empire);

}  // namespace hl
