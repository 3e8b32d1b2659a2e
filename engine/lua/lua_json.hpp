#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include <lua.hpp>

#include "core/turn_record.hpp"
#include "core/value_tree.hpp"

namespace hl {

// How much a conversion may still produce; one budget may span several conversions (all the
// records of a turn), so that scripts cannot make the engine build unbounded JSON.
struct JsonBudget {
    std::int64_t values = 1'000'000;  // values (a table reached by two paths counts twice)
    std::int64_t bytes = 64'000'000;  // bytes of strings and keys
};

// Converts the Lua value at idx to JSON for outcome records: tables whose keys are exactly
// 1..n become arrays, other tables objects with keys in sorted order (so output never depends
// on hashing); whole numbers become integers. Reads tables raw (no metamethods run). Throws
// std::runtime_error naming the place (`rounds[2].x: ...`) on functions, cycles, nesting
// deeper than 32, keys that are neither strings nor numbers, and past the budget.
nlohmann::ordered_json lua_to_json(lua_State* L, int idx, JsonBudget& budget);
// The same with a budget of its own.
nlohmann::ordered_json lua_to_json(lua_State* L, int idx);

// Converts the Lua value at idx to a ValueTree by the rules of lua_to_json (the same lists,
// tables with members in the same order, numbers, errors and budget), without building JSON:
// for values the engine only reads, such as report documents. Where a number key and a string
// key give the same text ([1] and ["1"]), the tree keeps both members (find() gives the
// number key's), where JSON keeps the string key's value alone.
ValueTree lua_to_tree(lua_State* L, int idx, JsonBudget& budget);
// The same with a budget of its own.
ValueTree lua_to_tree(lua_State* L, int idx);

// Pushes a turn's record as the Lua table push_json makes of turn_record_to_json(rec): the same
// fields, made in the same order, without the JSON in between.
void push_turn_record(lua_State* L, const TurnRecord& rec);

// Pushes JSON as a Lua value (objects and arrays become tables, null becomes nil).
void push_json(lua_State* L, const nlohmann::ordered_json& j);

}  // namespace hl
