#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "game/game_dir.hpp"
#include "host/time_text.hpp"

namespace hl {

// Where an empire's orders for the next turn stand: late is a sheet stored after the deadline,
// or only late orders (a sheet written for an earlier turn).
enum class SheetState { none, refused, submitted, late, computer, eliminated };

// One row of the status table.
struct EmpireStatus {
    std::string code;
    std::string name;
    std::string player;
    std::string email;  // from the roster; empty if none
    SheetState state = SheetState::none;
    bool refused_too = false;  // a sheet with errors was refused besides the stored one
    int missed_turns = 0;      // turns in a row without orders (dropout after the pack's limit)
    std::optional<UnixTime> stored_at;  // when the stored sheet came (its file's time)
    bool after_deadline = false;        // the stored sheet came after the deadline (state late)
};

// The next turn of a game at a glance: what `hyperlane status` shows.
struct GameStatus {
    std::string game;  // the game's name
    int turn = 0;      // the latest complete turn
    int next_turn = 1;
    bool ended = false;
    std::string winner;
    std::optional<UnixTime> deadline;       // of the next turn
    std::vector<EmpireStatus> empires;      // by code
    std::vector<std::string> gm_messages;   // the GM's messages for the next turn
    std::vector<std::string> announcement;  // the GM's announcement in force (lines), if any
};

// Reads a game's status from its folder (game.toml, the latest state, orders/, players.toml,
// deadlines.toml). Throws InputError if the folder is not a readable game.
GameStatus game_status(const GameDir& dir);

// A word or two for a sheet state: "no orders", "errors", "submitted", "late", "computer",
// "eliminated".
std::string sheet_state_text(SheetState s);

// The status as text for the GM's terminal; `now` for the time left until the deadline.
std::string status_to_text(const GameStatus& s, UnixTime now);

// The status as JSON for tools (shape in docs/hosting.md).
nlohmann::ordered_json status_to_json(const GameStatus& s);

}  // namespace hl
