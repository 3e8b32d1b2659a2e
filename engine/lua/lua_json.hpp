#pragma once

#include <nlohmann/json.hpp>

#include <lua.hpp>

namespace hl {

// Converts the Lua value at idx to JSON for outcome records: tables whose keys are exactly
// 1..n become arrays, other tables objects with keys in sorted order (so output never depends
// on hashing); whole numbers become integers. Throws std::runtime_error on functions, on
// nesting deeper than 32 and on keys that are neither strings nor numbers.
nlohmann::ordered_json lua_to_json(lua_State* L, int idx);

// Pushes JSON as a Lua value (objects and arrays become tables, null becomes nil).
void push_json(lua_State* L, const nlohmann::ordered_json& j);

}  // namespace hl
