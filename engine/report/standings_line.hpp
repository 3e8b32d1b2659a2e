#pragma once

#include <string>

#include "core/state.hpp"

namespace hl {

// One line on how a game stands after its latest turn: the leader by VPs with its systems and
// fleet, the next two, and the fleets of all empires together, e.g.
// "Turn  3: DEN leads with 36 VPs, 12 systems, 9 cruisers, 6 fighters; then ARC 30 VPs 10 sys
// 5 crs, BEL 28 VPs 9 sys 7 crs; all fleets 81 cruisers, 60 fighters".
std::string render_standings_line(const GameState& state);

}  // namespace hl
