#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace hl {

// One value of a start position: a number (place codes included), a text or a flag.
using StartValue = std::variant<std::int64_t, std::string, bool>;

// A start position as a table of the pack's own keys, sorted by key.
using StartSlot = std::vector<std::pair<std::string, StartValue>>;

}  // namespace hl
