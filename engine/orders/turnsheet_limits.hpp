#pragma once

#include <string>

#include "orders/turnsheet_parser.hpp"

namespace hl {

class Pack;

// The turnsheet limits a pack sets: constants game.actions_per_turn, game.naming_lines,
// game.name_max_length, game.message_max_length, and the cap of the probe tech.
TurnsheetLimits turnsheet_limits(const Pack& pack);

// The code of the tech whose level is an empire's number of probe boxes (constant
// game.probe_tech, "PT" in the standard pack); empty if the pack names none.
std::string probe_tech_code(const Pack& pack);

}  // namespace hl
