#pragma once

// A COSMOS game for the tests of whole turns (tests/test_cosmos_turn.cpp and
// test_cosmos_orders.cpp): the small scenario's 4 races with seed 3, the pack's sandbox over
// it, and Lua helpers every chunk of those tests starts with.

#include <string>

#include "core/rng.hpp"
#include "core/state.hpp"
#include "lua/runtime.hpp"

namespace hl::test {

// A new game of scenarios/cosmos_small.toml with seed 3, the scenario's text followed by
// `extra` (a [galaxy] table for another map size).
GameState cosmos_small_game(const std::string& extra = "");

// Lua helpers every chunk starts with: a race's colony and planet, its ships by number, a hex the
// race writes turned into the GM's and back, a turn run with the given sheets, the race's event
// lines, a new planet with the first free number, a new ship of a race in a fleet of its own,
// a system a race has explored, the event lines holding a text.
extern const char* const kCosmosPrelude;

// The small game (or with `extra` after its scenario) and the pack's sandbox over it.
struct CosmosGame {
    GameState state;
    Runtime rt;
    Rng rng{StreamKey{3, 0, "", 0, "test"}};
    explicit CosmosGame(const std::string& extra = "");
    // Runs a chunk after the prelude; returns its result as a string.
    std::string eval(const std::string& code);
    // Advances the turn number (as the engine does) and runs a chunk that plays the turn.
    std::string turn(const std::string& code);
};

}  // namespace hl::test
