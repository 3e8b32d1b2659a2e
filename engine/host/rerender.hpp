#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "game/game_dir.hpp"

namespace hl {

// Renders a turn's reports from its state.toml and results.json and replaces each file in
// turns/NNNN/reports/ atomically (readers see the old reports or the new ones); the caller holds
// the game lock. Returns the files written, relative to the turn folder. Throws InputError.
std::vector<std::string> write_turn_reports(const GameDir& dir, int turn);

// Writes a turn's reports (turns/NNNN/reports/) again from its state.toml and results.json,
// after the GM edited them by hand; each file is replaced atomically under the game lock (waiting
// up to `wait` for it). Returns the files written, relative to the turn folder. Throws
// InputError.
std::vector<std::string> rerender_reports(
    const GameDir& dir, int turn, std::chrono::milliseconds wait = std::chrono::milliseconds(0));

}  // namespace hl
