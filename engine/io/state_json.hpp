#pragma once

#include <nlohmann/json.hpp>

#include "core/state.hpp"

namespace hl {

class Pack;

// The GM's full view of a state as JSON (shape documented in docs/state.md); secrets only
// when asked for.
nlohmann::ordered_json state_to_json(const GameState& state, const Pack& pack,
                                     bool with_secrets = false);

}  // namespace hl
