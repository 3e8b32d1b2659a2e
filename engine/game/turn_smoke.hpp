#pragma once

#include "core/diagnostics.hpp"
#include "core/state.hpp"
#include "game/check_smoke.hpp"

namespace hl {

class Pack;

// Plays turns of a test game in memory until every test order has run once: in each turn the
// test orders' empire gives the next game.actions_per_turn of them, every other empire the
// orders its computer player writes, and the end-of-turn phases run. So `hyperlane rules check`
// finds action, phase and computer-player scripts that fail only when a turn runs. Every
// failure goes to diags with the script's path and line, prefixed by `what` (the test game).
void smoke_test_turns(const Pack& pack, const GameState& state, const SmokeOrders& orders,
                      const std::string& what, Diagnostics& diags);

}  // namespace hl
