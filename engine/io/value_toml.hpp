#pragma once

#include <optional>
#include <string>

#include <toml++/toml.h>

#include "core/schema.hpp"

namespace hl {

// Converts a TOML value to a field's value: integers and flags as such, places as code strings
// ("042"), choices, texts and empire codes as strings, lists and sets as arrays, maps as tables.
// On a type mismatch sets why and returns nullopt; ranges and references are checked later
// (core/value_check.hpp).
std::optional<Value> value_from_toml(const toml::node& n, const FieldSpec& f,
                                     const CodeFormat& codes, std::string& why);

// A field's value as TOML text (the right-hand side of `key = ...`), written the same way for
// equal values; sets and lists on one line, maps as inline tables with sorted keys.
std::string value_to_toml(const Value& v, const FieldSpec& f, const CodeFormat& codes);

}  // namespace hl
