// tostring without addresses, and coroutines that cannot nest past the C stack.

#include <cstring>
#include <string>

#include "lua/host.hpp"
#include "lua/lib_sandbox.hpp"
#include "lua/script_limits.hpp"

namespace hl {

namespace {

// LuaJIT's type tag of FFI data (not in lua.h).
constexpr int kTypeCdata = 10;

bool shows_address(int type) {
    return type == LUA_TTABLE || type == LUA_TFUNCTION || type == LUA_TUSERDATA ||
           type == LUA_TTHREAD || type == LUA_TLIGHTUSERDATA || type == kTypeCdata;
}

// tostring(v)
int l_tostring(lua_State* L) {
    luaL_checkany(L, 1);
    push_safe_tostring(L, 1);
    return 1;
}

// coroutine.resume(co, ...): LuaJIT's own (upvalue 1) after the C stack check; a budget's
// error inside the coroutine is raised again, not returned (lua/host.hpp host_budget_check).
int l_resume(lua_State* L) {
    check_c_stack(L);
    luaL_checktype(L, 1, LUA_TTHREAD);
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return host_budget_check(L);
}

// A function coroutine.wrap made: the wrapped one (upvalue 1) after the C stack check.
int l_wrapped(lua_State* L) {
    check_c_stack(L);
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

// coroutine.wrap(f): LuaJIT's own (upvalue 1), its result wrapped.
int l_wrap(lua_State* L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_settop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 1, 1);
    lua_pushcclosure(L, l_wrapped, 1);
    return 1;
}

}  // namespace

void push_safe_tostring(lua_State* L, int idx) {
    idx = idx > 0 ? idx : lua_gettop(L) + idx + 1;
    int t = lua_type(L, idx);
    if (t == kTypeCdata) {  // FFI data's own __tostring may print an address
        lua_pushliteral(L, "cdata");
        return;
    }
    if (shows_address(t)) {
        if (luaL_getmetafield(L, idx, "__tostring")) {
            check_c_stack(L);
            lua_pushvalue(L, idx);
            lua_call(L, 1, 1);
            if (!lua_isstring(L, -1)) luaL_error(L, "'__tostring' must return a string");
            return;
        }
        lua_pushstring(L, lua_typename(L, t));
        return;
    }
    switch (t) {
        case LUA_TNIL:
            lua_pushliteral(L, "nil");
            return;
        case LUA_TBOOLEAN:
            lua_pushstring(L, lua_toboolean(L, idx) ? "true" : "false");
            return;
        case LUA_TSTRING:
            lua_pushvalue(L, idx);
            return;
        default:
            break;
    }
    // Numbers: as LuaJIT prints them.
    lua_pushvalue(L, idx);
    std::size_t len = 0;
    const char* s = lua_tolstring(L, -1, &len);
    lua_pushlstring(L, s, len);
    lua_remove(L, -2);
}

int rethrow_named(lua_State* L, const char* name) {
    if (lua_type(L, -1) == LUA_TSTRING) {
        std::string msg = lua_tostring(L, -1);
        if (msg.rfind("bad argument", 0) == 0) {
            std::size_t q = msg.find(" to '?'");
            if (q != std::string::npos) msg.replace(q, 7, std::string(" to '") + name + "'");
            luaL_where(L, 1);
            lua_pushlstring(L, msg.data(), msg.size());
            lua_concat(L, 2);
        }
    }
    return lua_error(L);
}

void install_guarded_base(lua_State* L) {
    lua_pushcfunction(L, l_tostring);
    lua_setfield(L, LUA_GLOBALSINDEX, "tostring");
    lua_getfield(L, LUA_GLOBALSINDEX, "coroutine");
    if (lua_istable(L, -1)) {
        int co = lua_gettop(L);
        lua_getfield(L, co, "resume");
        lua_pushcclosure(L, l_resume, 1);
        lua_setfield(L, co, "resume");
        lua_getfield(L, co, "wrap");
        lua_pushcclosure(L, l_wrap, 1);
        lua_setfield(L, co, "wrap");
    }
    lua_pop(L, 1);
}

}  // namespace hl
