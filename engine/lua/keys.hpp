#pragma once

// Field names a binding module sets and reads on every call, interned once per Lua state and
// handed to the module's functions as upvalues: upvalue 1 is an array of the names, upvalue 2
// maps each name to its index. Setting a field through them skips hashing the name again
// (lua_setfield interns its C string on every call), and matching an input field is one table
// lookup instead of a string comparison per known name.

#include <lua.hpp>

namespace hl {

// Pushes the two key tables for names[0..n) (index i + 1 is names[i]), ready to be the
// upvalues of a module's functions (luaL_openlib with nup = 2).
void push_key_tables(lua_State* L, const char* const* names, int n);

// Pushes field name i (1-based) of the calling function's key tables.
inline void push_key(lua_State* L, int i) {
    lua_rawgeti(L, lua_upvalueindex(1), i);
}

// Sets t[name i] to the value on top of the stack (popped); t is an absolute index of a table
// without a metatable.
inline void set_key(lua_State* L, int t, int i) {
    push_key(L, i);
    lua_insert(L, -2);
    lua_rawset(L, t);
}

// The index (1-based) of the key at stack index idx among the calling function's names, or 0
// if it is not one of them (or not a string).
inline int key_index(lua_State* L, int idx) {
    if (lua_type(L, idx) != LUA_TSTRING) return 0;
    lua_pushvalue(L, idx);
    lua_rawget(L, lua_upvalueindex(2));
    int i = lua_isnumber(L, -1) ? static_cast<int>(lua_tointeger(L, -1)) : 0;
    lua_pop(L, 1);
    return i;
}

}  // namespace hl
