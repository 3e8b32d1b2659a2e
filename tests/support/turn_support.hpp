#pragma once

// Helpers for tests that run turns: a game from a fixed scenario, orders written as turnsheet
// lines, and the outcome of a turn.

#include <memory>
#include <string>

#include "game/new_game.hpp"
#include "lua/pack_orders.hpp"
#include "lua/runtime.hpp"
#include "turn/turn_runner.hpp"

namespace hl::test {

// A game built from scenario text with its runtime.
struct TestGame {
    Pack pack;
    GameState state;
    std::unique_ptr<Runtime> rt;
    // Runs one turn with the given input.
    TurnRecord run(const TurnInput& input);
    // An empire's sheet for the next turn: its header, then `lines` (e.g. "1 MOVE 101 102 6\n"),
    // read with the pack's grammar in rt; fails the test if the grammar finds an error.
    ReadSheet sheet(const std::string& empire, const std::string& lines);
};

// Creates a game from scenario text (fixed maps and holdings) with the standard pack.
std::unique_ptr<TestGame> game_from_text(const std::string& scenario, std::uint64_t seed = 1);

}  // namespace hl::test
