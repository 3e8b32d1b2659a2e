#pragma once

// Push and check converters shared by all bindings, plus the one wrapper that turns C++
// exceptions into Lua errors.

#include <cmath>
#include <cstdint>
#include <exception>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <lua.hpp>

#include "core/galaxy.hpp"
#include "lua/host.hpp"

namespace hl {

class Pack;

// Calls a binding and converts any C++ exception into a Lua error with the same message.
template <int (*F)(lua_State*)>
int lua_guard(lua_State* L) {
    char message[512];
    message[0] = '\0';
    try {
        return F(L);
    } catch (const std::exception& e) {
        std::snprintf(message, sizeof message, "%s", e.what());
    }
    return luaL_error(L, "%s", message);
}

// Pushes t[key] without running metamethods (nil if t is no table): the engine reads what
// scripts return this way, so that reading can never run script code outside a protected call.
inline void raw_field(lua_State* L, int t, const char* key) {
    if (t < 0 && t > LUA_REGISTRYINDEX) t = lua_gettop(L) + t + 1;
    if (!lua_istable(L, t)) {
        lua_pushnil(L);
        return;
    }
    lua_pushstring(L, key);
    lua_rawget(L, t);
}

// Argument idx as an integer; errors if it is not a whole number.
inline std::int64_t check_integer(lua_State* L, int idx) {
    lua_Number n = luaL_checknumber(L, idx);
    if (std::floor(n) != n || std::fabs(n) > 9.0e15)
        luaL_argerror(L, idx, "expected a whole number");
    return static_cast<std::int64_t>(n);
}

// Argument idx as an int that fits in 32 bits.
inline int check_int(lua_State* L, int idx) {
    std::int64_t v = check_integer(L, idx);
    if (v < INT32_MIN || v > INT32_MAX) luaL_argerror(L, idx, "number out of range");
    return static_cast<int>(v);
}

// Argument idx as a string.
inline std::string check_string(lua_State* L, int idx) {
    std::size_t len = 0;
    const char* s = luaL_checklstring(L, idx, &len);
    return std::string(s, len);
}

// Pushes a string.
inline void push(lua_State* L, const std::string& s) {
    lua_pushlstring(L, s.data(), s.size());
}
// Pushes an integer.
inline void push(lua_State* L, std::int64_t v) {
    lua_pushnumber(L, static_cast<lua_Number>(v));
}
// Pushes an int.
inline void push(lua_State* L, int v) {
    lua_pushinteger(L, v);
}
// Pushes a boolean.
inline void push(lua_State* L, bool v) {
    lua_pushboolean(L, v ? 1 : 0);
}
// Pushes a place code, or nil when absent.
inline void push(lua_State* L, const std::optional<PlaceCode>& v) {
    if (v)
        lua_pushinteger(L, *v);
    else
        lua_pushnil(L);
}

// Sets t[name] = value on the table at absolute index t.
template <typename T>
void set_field(lua_State* L, int t, const char* name, const T& value) {
    push(L, value);
    lua_setfield(L, t, name);
}

// Pushes an array of place codes.
inline void push_codes(lua_State* L, const std::vector<PlaceCode>& codes) {
    lua_createtable(L, static_cast<int>(codes.size()), 0);
    int t = lua_gettop(L);
    for (std::size_t i = 0; i < codes.size(); ++i) {
        lua_pushinteger(L, codes[i]);
        lua_rawseti(L, t, static_cast<int>(i + 1));
    }
}

// Pushes an array of strings.
inline void push_strings(lua_State* L, const std::vector<std::string>& items) {
    lua_createtable(L, static_cast<int>(items.size()), 0);
    int t = lua_gettop(L);
    for (std::size_t i = 0; i < items.size(); ++i) {
        push(L, items[i]);
        lua_rawseti(L, t, static_cast<int>(i + 1));
    }
}

// The game state of the current call, to read; a Lua error if none is available.
GameState& need_state(lua_State* L);
// The game state of the current call, to change; a Lua error if none is available or the call
// may only read it (a report, a check).
GameState& need_state_to_change(lua_State* L);
// The rules pack of the current call; a Lua error if none is available.
const Pack& need_pack(lua_State* L);
// The random stream of the current call; a Lua error if none is available.
Rng& need_rng(lua_State* L);

}  // namespace hl
