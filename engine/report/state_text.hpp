#pragma once

#include <string>

#include "core/state.hpp"

namespace hl {

class Pack;

// What the GM's text view of a state shows.
struct StateTextOptions {
    bool systems = false;  // list every owned system
    bool map = false;      // list every system of the map with its links
    bool secrets = false;  // show the empires' secrets
};

// The GM's one-screen text view of a state: game facts, empires, tech levels, and
// optionally every holding and the whole map.
std::string render_state_text(const GameState& state, const Pack& pack,
                              const StateTextOptions& opts = {});

}  // namespace hl
