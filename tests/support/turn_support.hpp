#pragma once

// Helpers for tests that run turns: a game from a fixed scenario, orders built in code, and
// the outcome of a turn.

#include <memory>
#include <string>

#include "game/new_game.hpp"
#include "lua/runtime.hpp"
#include "orders/action_registry.hpp"
#include "turn/turn_runner.hpp"

namespace hl::test {

// A game built from scenario text with its runtime and action registry.
struct TestGame {
    Pack pack;
    GameState state;
    std::unique_ptr<Runtime> rt;
    ActionRegistry actions;
    // Runs one turn with the given input.
    TurnRecord run(const TurnInput& input);
};

// Creates a game from scenario text (fixed maps and holdings) with the standard pack.
std::unique_ptr<TestGame> game_from_text(const std::string& scenario, std::uint64_t seed = 1);

// An order built by hand: slot, action and up to three boxes as a player writes them
// ("101", "ARC", "WT", "5", "0", "AB-2", "" for blank).
Order make_order(const ActionRegistry& actions, int slot, const std::string& action,
                 const std::string& from = "", const std::string& to = "",
                 const std::string& number = "");

}  // namespace hl::test
