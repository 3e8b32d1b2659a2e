#include "lua/read_only.hpp"

#include <cmath>

namespace hl {

namespace {

// Keys (their addresses) of a view's metatable: the hidden table, its arrays, its name.
char kRawKey;
char kArraysKey;
char kNameKey;

// Pushes metatable field `key` of the view at idx (nil if absent or idx is no view).
void push_meta(lua_State* L, int idx, char* key) {
    if (!lua_getmetatable(L, idx)) {
        lua_pushnil(L);
        return;
    }
    lua_pushlightuserdata(L, key);
    lua_rawget(L, -2);
    lua_remove(L, -2);
}

// __newindex of a view; upvalue 1 is its name.
int view_newindex(lua_State* L) {
    const char* key = lua_type(L, 2) == LUA_TSTRING || lua_type(L, 2) == LUA_TNUMBER
                          ? lua_tostring(L, 2)
                          : luaL_typename(L, 2);
    return luaL_error(L,
                      "%s is read-only: cannot set '%s' (copy what you need into a table of "
                      "your own)",
                      lua_tostring(L, lua_upvalueindex(1)), key);
}

// Pushes a copy of the array at idx; nested arrays (tables without a metatable) are copied
// too, views are shared.
void push_array_copy(lua_State* L, int idx) {
    idx = idx > 0 ? idx : lua_gettop(L) + idx + 1;
    int n = static_cast<int>(lua_objlen(L, idx));
    lua_createtable(L, n, 0);
    for (int i = 1; i <= n; ++i) {
        lua_rawgeti(L, idx, i);
        if (lua_istable(L, -1) && !lua_getmetatable(L, -1)) {
            push_array_copy(L, -1);
            lua_remove(L, -2);
        } else if (lua_istable(L, -1)) {
            lua_pop(L, 1);  // the metatable lua_getmetatable pushed
        }
        lua_rawseti(L, -2, i);
    }
}

// __index of a view's hidden table when it holds arrays; upvalue 1 is the arrays table.
int array_index(lua_State* L) {
    lua_pushvalue(L, 2);
    lua_rawget(L, lua_upvalueindex(1));
    if (lua_istable(L, -1)) push_array_copy(L, -1);
    return 1;
}

// Pushes a view of the table at raw, with arrays served from the table at arrays (0: none).
void make_view(lua_State* L, int raw, int arrays, const std::string& name) {
    lua_newtable(L);
    lua_createtable(L, 0, 3);
    int mt = lua_gettop(L);
    lua_pushvalue(L, raw);
    lua_setfield(L, mt, "__index");
    lua_pushlstring(L, name.data(), name.size());
    lua_pushcclosure(L, view_newindex, 1);
    lua_setfield(L, mt, "__newindex");
    lua_pushliteral(L, "read-only table");
    lua_setfield(L, mt, "__metatable");
    lua_pushlightuserdata(L, &kRawKey);
    lua_pushvalue(L, raw);
    lua_rawset(L, mt);
    if (arrays) {
        lua_pushlightuserdata(L, &kArraysKey);
        lua_pushvalue(L, arrays);
        lua_rawset(L, mt);
    }
    lua_pushlightuserdata(L, &kNameKey);
    lua_pushlstring(L, name.data(), name.size());
    lua_rawset(L, mt);
    lua_setmetatable(L, -2);
}

// True if the table at idx is a non-empty array 1..n with no other keys.
bool is_array(lua_State* L, int idx) {
    std::size_t n = lua_objlen(L, idx);
    if (n == 0) return false;
    std::size_t count = 0;
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TNUMBER) {
            lua_pop(L, 1);
            return false;
        }
        lua_Number k = lua_tonumber(L, -1);
        if (k < 1 || k > static_cast<lua_Number>(n) || std::floor(k) != k) {
            lua_pop(L, 1);
            return false;
        }
        ++count;
    }
    return count == n;
}

// The name of field `key` (a stack index) of the table named parent.
std::string child_name(lua_State* L, const std::string& parent, int key) {
    if (lua_type(L, key) == LUA_TSTRING) return parent + "." + lua_tostring(L, key);
    if (lua_type(L, key) != LUA_TNUMBER) return parent + "[?]";
    lua_pushvalue(L, key);  // a copy: converting the key itself would upset lua_next
    std::string text = parent + "[" + lua_tostring(L, -1) + "]";
    lua_pop(L, 1);
    return text;
}

void push_frozen_value(lua_State* L, int idx, const std::string& name);

// Pushes a frozen array: elements frozen, the array itself plain (it is copied on each read).
void push_frozen_array(lua_State* L, int idx, const std::string& name) {
    int n = static_cast<int>(lua_objlen(L, idx));
    lua_createtable(L, n, 0);
    for (int i = 1; i <= n; ++i) {
        lua_rawgeti(L, idx, i);
        push_frozen_value(L, lua_gettop(L), name + "[" + std::to_string(i) + "]");
        lua_remove(L, -2);
        lua_rawseti(L, -2, i);
    }
}

void push_frozen_value(lua_State* L, int idx, const std::string& name) {
    if (!lua_istable(L, idx)) {
        lua_pushvalue(L, idx);
    } else if (is_array(L, idx)) {
        push_frozen_array(L, idx, name);
    } else {
        push_frozen(L, idx, name);
    }
}

// The hidden table of the view at idx pushed, or nothing and false if idx is no view.
bool push_raw(lua_State* L, int idx) {
    push_meta(L, idx, &kRawKey);
    if (lua_istable(L, -1)) return true;
    lua_pop(L, 1);
    return false;
}

// next() over a view (stack: view, key): the hidden table's keys, then the arrays' (copied).
int view_next(lua_State* L) {
    lua_settop(L, 2);
    if (!is_read_only(L, 1)) return luaL_argerror(L, 1, "read-only table expected");
    push_raw(L, 1);                // 3
    push_meta(L, 1, &kArraysKey);  // 4
    bool arrays = lua_istable(L, 4);
    bool in_arrays = false;
    if (arrays && !lua_isnil(L, 2)) {
        lua_pushvalue(L, 2);
        lua_rawget(L, 3);
        bool in_raw = !lua_isnil(L, -1);
        lua_pop(L, 1);
        in_arrays = !in_raw;
    }
    if (!in_arrays) {
        lua_pushvalue(L, 2);
        if (lua_next(L, 3)) return 2;
        if (!arrays) {
            lua_pushnil(L);
            return 1;
        }
        lua_pushnil(L);
    } else {
        lua_pushvalue(L, 2);
    }
    if (!lua_next(L, 4)) {
        lua_pushnil(L);
        return 1;
    }
    push_array_copy(L, -1);
    lua_remove(L, -2);
    return 2;
}

// next(t [, key])
int l_next(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    if (is_read_only(L, 1)) return view_next(L);
    lua_settop(L, 2);
    if (lua_next(L, 1)) return 2;
    lua_pushnil(L);
    return 1;
}

// pairs(t): upvalue 1 is LuaJIT's own next, for tables that are no views.
int l_pairs(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    if (is_read_only(L, 1))
        lua_pushcfunction(L, view_next);
    else
        lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

// rawget(t, k): a view's value without metamethods of the table it shows.
int l_rawget(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    lua_settop(L, 2);
    if (!push_raw(L, 1)) {
        lua_rawget(L, 1);
        return 1;
    }
    lua_pushvalue(L, 2);
    lua_rawget(L, 3);
    if (!lua_isnil(L, -1)) return 1;
    push_meta(L, 1, &kArraysKey);
    if (!lua_istable(L, -1)) return 1;
    lua_pushvalue(L, 2);
    lua_rawget(L, -2);
    if (lua_istable(L, -1)) push_array_copy(L, -1);
    return 1;
}

// rawset(t, k, v): refused for views.
int l_rawset(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    luaL_checkany(L, 3);
    if (is_read_only(L, 1)) {
        std::string name = read_only_name(L, 1);
        return luaL_error(L, "rawset: %s is read-only", name.c_str());
    }
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 1;
}

}  // namespace

void push_view(lua_State* L, int idx, const std::string& name) {
    idx = idx > 0 ? idx : lua_gettop(L) + idx + 1;
    make_view(L, idx, 0, name);
}

void push_frozen(lua_State* L, int idx, const std::string& name) {
    idx = idx > 0 ? idx : lua_gettop(L) + idx + 1;
    lua_newtable(L);
    int raw = lua_gettop(L);
    lua_newtable(L);
    int arrays = lua_gettop(L);
    bool any_array = false;
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) {
        int value = lua_gettop(L), key = value - 1;
        bool array = lua_istable(L, value) && is_array(L, value);
        any_array = any_array || array;
        push_frozen_value(L, value, child_name(L, name, key));
        lua_pushvalue(L, key);
        lua_insert(L, -2);
        lua_rawset(L, array ? arrays : raw);
        lua_pop(L, 1);  // the value; the key stays for lua_next
    }
    if (any_array) {
        lua_createtable(L, 0, 1);
        lua_pushvalue(L, arrays);
        lua_pushcclosure(L, array_index, 1);
        lua_setfield(L, -2, "__index");
        lua_setmetatable(L, raw);
    }
    make_view(L, raw, any_array ? arrays : 0, name);
    lua_replace(L, raw);
    lua_settop(L, raw);
}

void push_view_target(lua_State* L, int idx) {
    idx = idx > 0 ? idx : lua_gettop(L) + idx + 1;
    if (!push_raw(L, idx)) lua_pushvalue(L, idx);
}

bool is_read_only(lua_State* L, int idx) {
    if (!lua_istable(L, idx) || !lua_getmetatable(L, idx)) return false;
    lua_pushlightuserdata(L, &kRawKey);
    lua_rawget(L, -2);
    bool view = !lua_isnil(L, -1);
    lua_pop(L, 2);
    return view;
}

std::string read_only_name(lua_State* L, int idx) {
    push_meta(L, idx, &kNameKey);
    std::string name = lua_isstring(L, -1) ? lua_tostring(L, -1) : "";
    lua_pop(L, 1);
    return name;
}

void install_read_only_access(lua_State* L) {
    lua_getfield(L, LUA_GLOBALSINDEX, "next");
    lua_pushcclosure(L, l_pairs, 1);
    lua_setfield(L, LUA_GLOBALSINDEX, "pairs");
    lua_pushcfunction(L, l_next);
    lua_setfield(L, LUA_GLOBALSINDEX, "next");
    lua_pushcfunction(L, l_rawget);
    lua_setfield(L, LUA_GLOBALSINDEX, "rawget");
    lua_pushcfunction(L, l_rawset);
    lua_setfield(L, LUA_GLOBALSINDEX, "rawset");
}

}  // namespace hl
