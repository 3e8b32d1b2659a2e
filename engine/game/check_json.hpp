#pragma once

#include <nlohmann/json.hpp>

#include "game/turnsheet_check.hpp"

namespace hl {

// The JSON `hyperlane check --json` prints for a checked sheet (shape in docs/turnsheet.md):
// file, empire, turn, next_turn, late, ok, errors, warnings, findings, orders.
nlohmann::ordered_json sheet_check_to_json(const SheetCheck& check);

}  // namespace hl
