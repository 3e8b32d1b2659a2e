#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostics.hpp"
#include "game/game_dir.hpp"

namespace hl {

// Who plays an empire from a turn on: a name, an e-mail address, or the computer.
struct RosterEntry {
    std::string empire;
    std::string name;
    std::string email;      // empty: the player gets no mail
    int from_turn = 1;      // the first turn this entry is in force for
    bool computer = false;  // the GM handed the empire to the computer
    SourcePos where;
};

// Every empire's players over the game (players.toml), oldest first.
struct Roster {
    std::vector<RosterEntry> entries;
    // The entry in force now for an empire (its last), or null if it has none.
    const RosterEntry* current(const std::string& empire) const;
};

// players.toml in the game folder: the roster (the GM's file: it holds e-mail addresses).
std::filesystem::path roster_file(const GameDir& dir);

// Reads players.toml; a game without one has an empty roster. Throws InputError on problems.
Roster read_roster(const GameDir& dir);

// The text of players.toml.
std::string roster_to_toml(const Roster& roster);

// Writes players.toml atomically.
void write_roster(const GameDir& dir, const Roster& roster);

// Parses a roster as `new --roster FILE` reads it: [[player]] tables with empire, name and
// optional email; problems go to diags.
Roster parse_roster(std::string_view text, const std::string& shown, Diagnostics& diags);

// Parses `--player` text "ARC=Alice Smith <alice@example.org>" (the address is optional);
// problems go to diags under the name `shown`.
std::optional<RosterEntry> parse_player_spec(std::string_view spec, const std::string& shown,
                                             Diagnostics& diags);

// True for a plain mail address local@domain: no spaces, angle brackets, quotes or control
// characters (so it can never break a mail header).
bool valid_email(std::string_view s);

// An empty string if a player's name is fine (1 to 64 characters, valid UTF-8, no control
// characters), else why not.
std::string check_player_name(std::string_view s);

}  // namespace hl
