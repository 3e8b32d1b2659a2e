#include "lua/global_writes.hpp"

#include <cstdint>
#include <cstring>
#include <set>

namespace hl {

namespace {

// Registry key of {funcbc, funck, funcinfo, gset = opcode}.
char kReaderKey;

// Calls reader field fn with (f, n); leaves its first nresults results.
void call_reader(lua_State* L, int reader, const char* fn, int f, int n, int nresults) {
    lua_getfield(L, reader, fn);
    lua_pushvalue(L, f);
    lua_pushinteger(L, n);
    lua_call(L, 2, nresults);
}

// Calls the function at fn with (f, n), leaving one result: for the instruction loop, where
// looking the reader's function up by name each time cost as much as the call.
void call_at(lua_State* L, int fn, int f, int n) {
    lua_pushvalue(L, fn);
    lua_pushvalue(L, f);
    lua_pushinteger(L, n);
    lua_call(L, 2, 1);
}

// The instruction jit.util.funcbc left at idx: LuaJIT gives it as a signed 32-bit number, so
// it goes through a signed integer (a negative double made unsigned directly is undefined).
std::uint32_t instruction(lua_State* L, int idx) {
    return static_cast<std::uint32_t>(static_cast<std::int64_t>(lua_tonumber(L, idx)));
}

// The opcodes of every instruction of the function (or prototype) at f.
std::set<int> opcodes(lua_State* L, int reader, int f) {
    std::set<int> ops;
    for (int pc = 1;; ++pc) {
        call_reader(L, reader, "funcbc", f, pc, 1);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 1);
            return ops;
        }
        ops.insert(static_cast<int>(instruction(L, -1) & 0xff));
        lua_pop(L, 1);
    }
}

// Compiles text and pushes the function.
void compile(lua_State* L, const char* text) {
    if (luaL_loadbuffer(L, text, std::strlen(text), "=scan") != 0) lua_error(L);
}

std::optional<GlobalWrite> scan(lua_State* L, int reader, int gset, int f, int depth) {
    if (depth > 200) return std::nullopt;
    lua_getfield(L, reader, "funcbc");
    const int funcbc = lua_gettop(L);
    for (int pc = 1;; ++pc) {
        call_at(L, funcbc, f, pc);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 2);  // and funcbc
            break;
        }
        const std::uint32_t ins = instruction(L, -1);
        lua_pop(L, 1);
        if (static_cast<int>(ins & 0xff) != gset) continue;
        lua_pop(L, 1);  // funcbc
        GlobalWrite w;
        call_reader(L, reader, "funck", f, -static_cast<int>(ins >> 16) - 1, 1);
        w.name = lua_isstring(L, -1) ? lua_tostring(L, -1) : "?";
        lua_pop(L, 1);
        call_reader(L, reader, "funcinfo", f, pc, 1);
        if (lua_istable(L, -1)) {
            lua_getfield(L, -1, "currentline");
            w.line = static_cast<int>(lua_tointeger(L, -1));
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        return w;
    }
    lua_getfield(L, reader, "funck");
    const int funck = lua_gettop(L);
    for (int k = -1;; --k) {
        call_at(L, funck, f, k);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 2);  // and funck
            return std::nullopt;
        }
        if (std::strcmp(luaL_typename(L, -1), "proto") == 0) {
            auto found = scan(L, reader, gset, lua_gettop(L), depth + 1);
            lua_pop(L, 1);
            if (found) {
                lua_pop(L, 1);  // funck
                return found;
            }
        } else {
            lua_pop(L, 1);
        }
    }
}

}  // namespace

void keep_bytecode_reader(lua_State* L) {
    // luaopen_jit registers jit.util as a loader in _PRELOAD (the package library is never
    // opened in the sandbox); run the loader if the module is not loaded yet.
    lua_getfield(L, LUA_REGISTRYINDEX, "_LOADED");
    lua_getfield(L, -1, "jit.util");
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        lua_getfield(L, LUA_REGISTRYINDEX, "_PRELOAD");
        if (lua_istable(L, -1))
            lua_getfield(L, -1, "jit.util");
        else
            lua_pushnil(L);
        lua_remove(L, -2);
        if (lua_isfunction(L, -1)) {
            lua_pushliteral(L, "jit.util");
            lua_call(L, 1, 1);
        }
    }
    if (!lua_istable(L, -1))
        luaL_error(L, "LuaJIT's jit.util is missing: cannot check scripts for global writes");
    int util = lua_gettop(L);
    lua_createtable(L, 0, 4);
    int reader = lua_gettop(L);
    for (const char* fn : {"funcbc", "funck", "funcinfo"}) {
        lua_getfield(L, util, fn);
        lua_setfield(L, reader, fn);
    }
    // GSET is the one instruction `x = 1` has and `local x = 1` has not.
    compile(L, "x = 1");
    std::set<int> with = opcodes(L, reader, lua_gettop(L));
    lua_pop(L, 1);
    compile(L, "local x = 1");
    std::set<int> without = opcodes(L, reader, lua_gettop(L));
    lua_pop(L, 1);
    for (int op : with)
        if (!without.count(op)) lua_pushinteger(L, op);
    if (lua_gettop(L) != reader + 1) luaL_error(L, "cannot find LuaJIT's GSET instruction");
    lua_setfield(L, reader, "gset");
    lua_pushlightuserdata(L, &kReaderKey);
    lua_pushvalue(L, reader);
    lua_rawset(L, LUA_REGISTRYINDEX);
    lua_pop(L, 3);
}

std::optional<GlobalWrite> find_global_write(lua_State* L, int idx) {
    idx = idx > 0 ? idx : lua_gettop(L) + idx + 1;
    lua_pushlightuserdata(L, &kReaderKey);
    lua_rawget(L, LUA_REGISTRYINDEX);
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return std::nullopt;
    }
    int reader = lua_gettop(L);
    lua_getfield(L, reader, "gset");
    int gset = static_cast<int>(lua_tointeger(L, -1));
    lua_pop(L, 1);
    std::optional<GlobalWrite> w = scan(L, reader, gset, idx, 0);
    lua_pop(L, 1);
    return w;
}

}  // namespace hl
