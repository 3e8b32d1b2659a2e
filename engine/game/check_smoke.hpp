#pragma once

#include "core/diagnostics.hpp"
#include "core/state.hpp"

namespace hl {

class Pack;

// Runs every action's pack check and estimate on one plausible order per format, written for
// the first empire in the order of play of a game, so that `hyperlane rules check` finds check
// scripts that fail. Only script failures are reported (the orders may well be refused).
void smoke_test_checks(const Pack& pack, const GameState& state, Diagnostics& diags);

}  // namespace hl
