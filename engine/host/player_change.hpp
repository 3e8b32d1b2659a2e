#pragma once

#include <chrono>
#include <string>

#include "game/game_dir.hpp"

namespace hl {

// What a GM's change of an empire's player did.
struct PlayerChange {
    std::string empire;
    std::string player;   // the player's name now in the state
    std::string secret;   // the empire's secret from now on
    int from_turn = 1;    // the first turn the change is in force for
    int report_turn = 0;  // replace: the turn whose reports were written again (the latest)
};

// Gives an empire to a new player from the next turn on: the name goes into the latest state
// (so the next reports show it), a new secret into game.toml (empty `secret`: a random one),
// and an entry into players.toml; the missed-turns count starts again, and an empire the
// computer ran becomes a player's empire again. The latest turn's reports are written again, so
// the ones that name the player name the new one (and mail-out can send them at once). Takes the
// game lock (waiting up to `wait` while another command holds it); throws InputError.
PlayerChange replace_player(const GameDir& dir, const std::string& empire, const std::string& name,
                            const std::string& email, const std::string& secret,
                            std::chrono::milliseconds wait = std::chrono::milliseconds(0));

// Hands an empire to the computer from the next turn on (on), or back to its last player
// (off; the missed-turns count starts again). Takes the game lock (waiting up to `wait`);
// throws InputError.
PlayerChange set_computer(const GameDir& dir, const std::string& empire, bool on,
                          std::chrono::milliseconds wait = std::chrono::milliseconds(0));

}  // namespace hl
