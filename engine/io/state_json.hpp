#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "core/state.hpp"

namespace hl {

// A field's value as JSON: numbers, booleans, strings, place codes as written ("042"), none as
// null, lists and sets as arrays, maps as objects.
nlohmann::ordered_json value_to_json(const Value& v, const FieldSpec& f, const CodeFormat& codes);

// The GM's full view of a state as JSON (shape documented in docs/state.md): what every game
// has, the map, and every record of the pack's schema; secrets only when asked for. pack_name
// is the pack's display name.
nlohmann::ordered_json state_to_json(const GameState& state, const std::string& pack_name,
                                     bool with_secrets = false);

}  // namespace hl
