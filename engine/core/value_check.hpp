#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/schema.hpp"

namespace hl {

class Galaxy;
class Records;

// What references in values are checked against: the map's places, the game's empires and
// the records of collections. A null member is not checked.
struct RefScope {
    const Galaxy* map = nullptr;
    const std::vector<std::string>* empires = nullptr;  // codes, sorted
    const Records* records = nullptr;
};

// Why a value breaks its field's declaration (type, range, length, choices, keys and each
// key's cap, places, empires and records that must exist), or nullopt if it is valid.
std::optional<std::string> check_value(const FieldSpec& f, const Value& v, const Schema& schema,
                                       const RefScope& refs);

}  // namespace hl
