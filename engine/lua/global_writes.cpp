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

// Reads a ULEB128 number at p (moved past it); false if it runs past end or over 32 bits.
bool read_uleb(const unsigned char*& p, const unsigned char* end, std::uint32_t& v) {
    v = 0;
    for (int shift = 0; shift < 35; shift += 7) {
        if (p == end) return false;
        unsigned char b = *p++;
        v |= static_cast<std::uint32_t>(b & 0x7f) << shift;
        if (b < 0x80) return true;
    }
    return false;
}

}  // namespace

bool dump_may_write_global(lua_State* L, std::string_view dump) {
    lua_pushlightuserdata(L, &kReaderKey);
    lua_rawget(L, LUA_REGISTRYINDEX);
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return true;
    }
    lua_getfield(L, -1, "gset");
    const std::uint32_t gset = static_cast<std::uint32_t>(lua_tointeger(L, -1));
    lua_pop(L, 2);
    // LuaJIT 2.1's dump (lj_bcwrite.c): ESC 'L' 'J' version, flags (ULEB), the chunk name
    // unless stripped (length, bytes); then each prototype as its length (ULEB) and body, a 0
    // length ending them. A body starts with flags, parameters, frame size and upvalue count
    // (a byte each), the counts of GC constants, number constants and instructions (ULEBs,
    // without the function's header instruction), the debug information's size and, if it has
    // any, first line and line count (ULEBs, unless stripped); then the instructions, 32 bits
    // each in this machine's order, the opcode in the low byte.
    const auto* p = reinterpret_cast<const unsigned char*>(dump.data());
    const unsigned char* end = p + dump.size();
    if (dump.size() < 4 || p[0] != 0x1b || p[1] != 'L' || p[2] != 'J' || p[3] != 2) return true;
    p += 4;
    std::uint32_t flags = 0;
    if (!read_uleb(p, end, flags) || (flags & 1) != 0) return true;  // big-endian: not ours
    const bool stripped = (flags & 2) != 0;
    if (!stripped) {
        std::uint32_t n = 0;
        if (!read_uleb(p, end, n) || n > static_cast<std::uint32_t>(end - p)) return true;
        p += n;
    }
    for (;;) {
        std::uint32_t len = 0;
        if (!read_uleb(p, end, len)) return true;
        if (len == 0) return p != end;  // the end: nothing may follow
        if (len > static_cast<std::uint32_t>(end - p)) return true;
        const unsigned char* body_end = p + len;
        const unsigned char* q = p + 4;
        std::uint32_t nkgc = 0, nkn = 0, nbc = 0, ndebug = 0, skip = 0;
        if (q > body_end || !read_uleb(q, body_end, nkgc) || !read_uleb(q, body_end, nkn) ||
            !read_uleb(q, body_end, nbc))
            return true;
        if (!stripped) {
            if (!read_uleb(q, body_end, ndebug)) return true;
            if (ndebug != 0 && (!read_uleb(q, body_end, skip) || !read_uleb(q, body_end, skip)))
                return true;
        }
        if (nbc > static_cast<std::uint32_t>(body_end - q) / 4) return true;
        for (std::uint32_t i = 0; i < nbc; ++i, q += 4) {
            std::uint32_t ins = 0;
            std::memcpy(&ins, q, 4);
            if ((ins & 0xff) == gset) return true;
        }
        p = body_end;
    }
}

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
