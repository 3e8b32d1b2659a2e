#pragma once

#include <functional>
#include <map>
#include <string>

#include "core/state.hpp"
#include "core/turn_record.hpp"
#include "pack/pack.hpp"

namespace hl {

// How a game is played without players (demo, balance lab, benchmarks).
struct AutoplayOptions {
    int turns = 10;  // turns to play at most (the game may end sooner)
    // Computer player per empire: "computer" (default), "dropout", "missed", or "none" (no
    // orders at all).
    std::map<std::string, std::string> modes;
    // Called after each turn with the new state and the turn's record.
    std::function<void(const GameState&, const TurnRecord&)> on_turn;
    // Called with each computer sheet as it is written, before the turn runs: the state the
    // sheet was written against, the empire and the sheet's text.
    std::function<void(const GameState&, const std::string&, const std::string&)> on_sheet;
};

// Plays a game in memory from `state` (usually turn 0): every turn each empire gets the
// orders its computer player writes, parsed like any turnsheet (handed over already read,
// without the text, where the pack offers that and no on_sheet asks for the text), then the
// turn is adjudicated. Nothing is written to disk. Stops after `turns` turns or when the game ends.
// Returns the number of turns played.
int autoplay(GameState& state, const Pack& pack, const AutoplayOptions& opts);

}  // namespace hl
