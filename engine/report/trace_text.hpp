#pragma once

#include <string>

#include "core/turn_record.hpp"

namespace hl {

// The GM's view of a turn's outcome records: every action in the order it ran, why it did
// what it did (notes and the numbers that decided it), then the notes under the pack's phases
// that wrote them (warnings marked `***`). Only the given empire's lines, and the game-wide
// notes, when `empire` is not empty.
std::string render_trace(const TurnRecord& rec, const std::string& empire = {});

}  // namespace hl
