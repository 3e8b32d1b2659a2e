#pragma once

#include <string>
#include <vector>

#include "core/diagnostics.hpp"
#include "core/state.hpp"
#include "orders/order.hpp"

namespace hl {

class Pack;

// The test orders of smoke_test_checks: one plausible order per action format, for one empire.
struct SmokeOrders {
    std::string empire;         // empty if the game gave no empire to write them for
    std::vector<Order> orders;  // slots and lines not set
};

// Runs every action's pack check and estimate on one plausible order per format, written for
// the first empire in the order of play of a game, so that `hyperlane rules check` finds check
// scripts that fail. Only script failures are reported (the orders may well be refused).
// Returns the orders, for a test turn that runs them.
SmokeOrders smoke_test_checks(const Pack& pack, const GameState& state, Diagnostics& diags);

}  // namespace hl
