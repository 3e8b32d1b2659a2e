#pragma once

// Scripts may not assign globals: the engine's globals (pairs, string, state, rules, ...) are
// shared by every script of a game, and strict globals only catch assignments to new names.
// Each compiled chunk's bytecode dump is walked for the instruction that assigns a global; a
// chunk that has one is read again with LuaJIT's jit.util (which scripts never see) for the
// name and line, and refused before it runs.

#include <optional>
#include <string>
#include <string_view>

#include <lua.hpp>

namespace hl {

// An assignment to a global found in a chunk.
struct GlobalWrite {
    int line = 0;
    std::string name;
};

// Keeps LuaJIT's bytecode reader for later checks; call once per state, while jit.util is
// still loaded.
void keep_bytecode_reader(lua_State* L);

// The first assignment to a global in the function at idx or any function inside it, if any.
std::optional<GlobalWrite> find_global_write(lua_State* L, int idx);

// False only if `dump` (what lua_dump wrote for a function) is bytecode this reader follows and
// no function in it assigns a global; true otherwise (find_global_write then says where). A
// walk over the bytes instead of one Lua call per instruction.
bool dump_may_write_global(lua_State* L, std::string_view dump);

}  // namespace hl
