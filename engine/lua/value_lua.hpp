#pragma once

#include <lua.hpp>

#include "core/schema.hpp"

namespace hl {

// Pushes a field's value as scripts see it: numbers, booleans, strings (an empty text or
// empire code as nil), place codes and record ids as numbers, choices as their word, none as
// nil, lists and sets as arrays, maps as tables.
void push_value(lua_State* L, const Value& v, const FieldSpec& f);

// Reads the value at stack index idx for a field: the reverse of push_value, where false or
// nil clears an optional value or a text and sets are sorted with repeats dropped. Throws
// std::runtime_error naming the field when the Lua value has the wrong type; ranges and
// references are checked by the caller (core/value_check.hpp).
Value lua_to_value(lua_State* L, int idx, const FieldSpec& f, const char* kind);

}  // namespace hl
