#pragma once

// Read-only views of the tables every script shares: `rules`, the engine modules, the
// libraries and _G. LuaJIT in Lua 5.1 mode has no __len, __pairs or __ipairs for tables, so a
// view is built so that ordinary code still works: a view is an empty table whose metatable
// reads through to a hidden table and refuses every write; pairs, next and rawget see through
// views, rawset and the table functions refuse them; and arrays (whose `#` and ipairs must
// work) are handed out as a fresh copy on every read, so that changing one changes nothing
// shared.

#include <string>

#include <lua.hpp>

namespace hl {

// Pushes a read-only view of the table at idx, named `name` in error messages. Shallow: the
// view reads the table itself (later changes to it through the C API show). For library and
// module tables and _G.
void push_view(lua_State* L, int idx, const std::string& name);

// Pushes a deep read-only copy of the plain data table at idx (strings, numbers, booleans,
// tables of them; no cycles): every nested record is a view, every nested array is copied
// on each read. For `rules`.
void push_frozen(lua_State* L, int idx, const std::string& name);

// Pushes the table the view at idx shows (the value itself if it is no view): for the engine,
// which may still add to a shared table after the sandbox is set up (per-kind state functions).
void push_view_target(lua_State* L, int idx);

// True if the value at idx is a read-only view.
bool is_read_only(lua_State* L, int idx);

// The name a view was given ("rules.const.ships"); empty if idx is not a view.
std::string read_only_name(lua_State* L, int idx);

// Replaces the globals pairs, next, rawget and rawset: the first three see through views,
// rawset refuses them. Call before any script captures them.
void install_read_only_access(lua_State* L);

}  // namespace hl
