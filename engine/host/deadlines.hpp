#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>

#include "game/game_dir.hpp"
#include "host/time_text.hpp"

namespace hl {

// When turnsheets are due: a deadline per turn, and optionally a period that sets the
// deadline of each later turn from the last one set.
struct Deadlines {
    std::map<int, UnixTime> due;        // turn -> deadline set for it
    std::optional<std::int64_t> every;  // seconds between turns, for turns without their own
    bool run_early = false;  // `hyperlane host` runs a turn once every player has submitted
    // The deadline of a turn: its own, else the last earlier one set plus `every` per turn.
    std::optional<UnixTime> for_turn(int turn) const;
};

// deadlines.toml in the game folder.
std::filesystem::path deadlines_file(const GameDir& dir);

// Reads deadlines.toml (none if the file is missing); throws InputError on problems.
Deadlines read_deadlines(const GameDir& dir);

// The text of deadlines.toml.
std::string deadlines_to_toml(const Deadlines& d);

// Writes deadlines.toml atomically.
void write_deadlines(const GameDir& dir, const Deadlines& d);

}  // namespace hl
