#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/turn_record.hpp"

namespace hl {

// A turn's notes grouped by the pack's phase that wrote them, each phase in the order it first
// wrote a note in the turn and its notes in their order (phase "" for notes that name none).
// With `empire`, only the notes for the whole game and for that empire (and only the phases
// with one of them).
std::vector<std::pair<std::string, std::vector<const PhaseNote*>>> notes_by_phase(
    const std::vector<PhaseNote>& notes, const std::string& empire = {});

}  // namespace hl
