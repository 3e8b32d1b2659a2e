#pragma once

#include <string>
#include <vector>

#include "core/state.hpp"

namespace hl {

class Pack;

// What the GM's text view of a state shows.
struct StateTextOptions {
    bool records = false;  // list every record of every kind besides empires and the game
    bool map = false;      // list every place of the map with its links
    bool secrets = false;  // show the empires' secrets
};

// The GM's text view of a state, built from the schema alone: game facts, the pack's summary
// lines (summary, from report.gm_summary when the pack has it), the game record, the empires
// with their fields, and optionally every other record and the whole map.
std::string render_state_text(const GameState& state, const Pack& pack,
                              const std::vector<std::string>& summary,
                              const StateTextOptions& opts = {});

}  // namespace hl
