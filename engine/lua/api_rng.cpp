// rng.* and math.random: Lua bindings for the engine's deterministic random streams.

#include "core/rng.hpp"
#include "core/state.hpp"
#include "lua/convert.hpp"
#include "lua/modules.hpp"

namespace hl {

namespace {

// rng.below(n) -> integer in 0..n-1
int l_below(lua_State* L) {
    std::int64_t n = check_integer(L, 1);
    if (n < 1 || n > 0xffffffffLL) luaL_argerror(L, 1, "bound must be 1..2^32-1");
    push(L, static_cast<std::int64_t>(need_rng(L).below(static_cast<std::uint32_t>(n))));
    return 1;
}

// rng.range(lo, hi) -> integer in lo..hi
int l_range(lua_State* L) {
    std::int64_t lo = check_integer(L, 1), hi = check_integer(L, 2);
    if (lo > hi) luaL_argerror(L, 2, "empty range (hi < lo)");
    push(L, need_rng(L).range(lo, hi));
    return 1;
}

// rng.unit() -> number in [0, 1)
int l_unit(lua_State* L) {
    lua_pushnumber(L, need_rng(L).unit());
    return 1;
}

// rng.weighted({w1, w2, ...}) -> index (1-based) drawn in proportion to the weights
int l_weighted(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    int n = static_cast<int>(lua_objlen(L, 1));
    std::vector<std::int64_t> w;
    for (int i = 1; i <= n; ++i) {
        lua_rawgeti(L, 1, i);
        lua_Number v = lua_tonumber(L, -1);
        lua_pop(L, 1);
        if (v < 0 || v != static_cast<lua_Number>(static_cast<std::int64_t>(v)))
            luaL_argerror(L, 1, "weights must be whole numbers >= 0");
        w.push_back(static_cast<std::int64_t>(v));
    }
    std::int64_t total = 0;
    for (auto x : w)
        total += x;
    if (total <= 0) luaL_argerror(L, 1, "weights must not all be zero");
    push(L, static_cast<std::int64_t>(need_rng(L).weighted(w) + 1));
    return 1;
}

// rng.shuffle(t): shuffles the array part of t in place (Fisher-Yates)
int l_shuffle(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    int n = static_cast<int>(lua_objlen(L, 1));
    Rng& rng = need_rng(L);
    for (int i = n; i > 1; --i) {
        int j = static_cast<int>(rng.below(static_cast<std::uint32_t>(i))) + 1;
        lua_rawgeti(L, 1, i);
        lua_rawgeti(L, 1, j);
        lua_rawseti(L, 1, i);
        lua_rawseti(L, 1, j);
    }
    return 0;
}

// math.random([m [, n]]): Lua's interface, drawn from the engine stream
int l_random(lua_State* L) {
    Rng& rng = need_rng(L);
    switch (lua_gettop(L)) {
        case 0:
            lua_pushnumber(L, rng.unit());
            return 1;
        case 1: {
            std::int64_t m = check_integer(L, 1);
            if (m < 1) luaL_argerror(L, 1, "interval is empty");
            push(L, rng.range(1, m));
            return 1;
        }
        default: {
            std::int64_t m = check_integer(L, 1), n = check_integer(L, 2);
            if (m > n) luaL_argerror(L, 2, "interval is empty");
            push(L, rng.range(m, n));
            return 1;
        }
    }
}

// rng.use(purpose [, empire [, slot]]): draw from now on from the stream of this game and turn
// for a purpose, an empire and a slot, as the engine does for each order it runs itself; so a
// GM who corrects one order changes only the dice that order touched.
int l_use(lua_State* L) {
    const GameState& st = need_state(L);
    std::string purpose = check_string(L, 1);
    std::string empire = lua_isnoneornil(L, 2) ? std::string() : check_string(L, 2);
    int slot = lua_isnoneornil(L, 3) ? 0 : check_int(L, 3);
    LuaHost::from(L).use_stream(StreamKey{st.seed, st.turn, empire, slot, purpose});
    return 0;
}

const luaL_Reg kRngFunctions[] = {
    {"use", lua_guard<l_use>},
    {"below", lua_guard<l_below>},     {"range", lua_guard<l_range>},
    {"unit", lua_guard<l_unit>},       {"weighted", lua_guard<l_weighted>},
    {"shuffle", lua_guard<l_shuffle>}, {nullptr, nullptr},
};

}  // namespace

int luaopen_rng(lua_State* L) {
    luaL_register(L, "rng", kRngFunctions);
    lua_pop(L, 1);
    lua_getfield(L, LUA_GLOBALSINDEX, "math");
    lua_pushcfunction(L, lua_guard<l_random>);
    lua_setfield(L, -2, "random");
    lua_pushnil(L);
    lua_setfield(L, -2, "randomseed");
    lua_pop(L, 1);
    return 0;
}

}  // namespace hl
