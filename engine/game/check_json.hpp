#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "game/turnsheet_check.hpp"

namespace hl {

// The JSON `hyperlane check --json` prints for a checked sheet (shape in docs/turnsheet.md):
// file, empire, turn, next_turn, late, ok, errors, warnings, findings, orders.
nlohmann::ordered_json sheet_check_to_json(const SheetCheck& check);

// The same shape for a sheet that could not be checked at all (a file too long to read, a game
// that cannot be loaded, an internal error): ok false, the problems as findings, no orders;
// empire and turn null, next_turn null unless known.
nlohmann::ordered_json check_failure_to_json(const std::string& file, const Diagnostics& problems,
                                             std::optional<int> next_turn);

}  // namespace hl
