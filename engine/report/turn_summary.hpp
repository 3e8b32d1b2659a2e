#pragma once

#include <string>

#include "core/state.hpp"
#include "core/turn_record.hpp"
#include "lua/runtime.hpp"
#include "pack/pack.hpp"

namespace hl {

// The GM's summary of a turn just run, from the pack's report.turn_summary(ctx) (lines of the
// pack's choosing); for a pack without it, the turn, its order of play, how many actions were
// done and failed, and the next order of play. `rt` is bound to the state after the turn.
std::string render_turn_summary(Runtime& rt, const TurnRecord& rec);

// The same in a read-only Lua state of its own for `state` (the state after the turn).
std::string render_turn_summary(const Pack& pack, const GameState& state, const TurnRecord& rec);

// One line on how the game stands, from the pack's report.standings(); for a pack without it,
// the turn and the next order of play.
std::string render_standings_line(Runtime& rt);

}  // namespace hl
