// battle.*: the attrition arithmetic (core/attrition.hpp) for rules scripts. A pack describes
// each side as unit classes (counts and strengths, in the order they take losses) and strength
// that takes no losses; the pack decides what they mean (lib/combat.lua in the standard game).

#include <fmt/format.h>

#include "core/attrition.hpp"
#include "lua/convert.hpp"
#include "lua/modules.hpp"

namespace hl {

namespace {

// A whole number >= 0 at the top of the stack (nil as 0) for `what`.
int top_count(lua_State* L, const char* what) {
    if (lua_isnil(L, -1)) return 0;
    lua_Number n = lua_tonumber(L, -1);
    if (lua_type(L, -1) != LUA_TNUMBER || n < 0 || n > 1e9 ||
        n != static_cast<lua_Number>(static_cast<int>(n)))
        throw std::runtime_error(fmt::format("battle: {} must be a whole number >= 0", what));
    return static_cast<int>(n);
}

int int_field(lua_State* L, int t, const char* key, int fallback) {
    lua_getfield(L, t, key);
    int v = lua_isnil(L, -1) ? fallback : top_count(L, key);
    lua_pop(L, 1);
    return v;
}

std::vector<int> int_list(lua_State* L, int t, const char* key) {
    std::vector<int> out;
    lua_getfield(L, t, key);
    if (lua_istable(L, -1)) {
        int n = static_cast<int>(lua_objlen(L, -1));
        for (int i = 1; i <= n; ++i) {
            lua_rawgeti(L, -1, i);
            out.push_back(top_count(L, key));
            lua_pop(L, 1);
        }
    } else if (!lua_isnil(L, -1)) {
        throw std::runtime_error(fmt::format("battle: '{}' must be a list of whole numbers", key));
    }
    lua_pop(L, 1);
    return out;
}

// A side table {counts = {...}, strength = {...}, fixed = n, while_units = n} at index idx;
// strength defaults to 1 per unit.
AttritionSide read_side(lua_State* L, int idx) {
    luaL_checktype(L, idx, LUA_TTABLE);
    AttritionSide s;
    s.counts = int_list(L, idx, "counts");
    s.strength = int_list(L, idx, "strength");
    if (s.strength.empty()) s.strength.assign(s.counts.size(), 1);
    if (s.strength.size() != s.counts.size())
        throw std::runtime_error("battle: a side needs one strength per unit class");
    s.fixed = int_field(L, idx, "fixed", 0);
    s.while_units = int_field(L, idx, "while_units", 0);
    return s;
}

AttritionRules read_rules(lua_State* L, int idx) {
    AttritionRules r;
    if (lua_isnoneornil(L, idx)) return r;
    luaL_checktype(L, idx, LUA_TTABLE);
    r.divisor = int_field(L, idx, "divisor", r.divisor);
    r.disadvantage = int_field(L, idx, "disadvantage", r.disadvantage);
    r.max_rounds = int_field(L, idx, "max_rounds", r.max_rounds);
    r.first_fire_extra = int_field(L, idx, "first_fire_extra", r.first_fire_extra);
    lua_getfield(L, idx, "first_fire");
    if (lua_isnumber(L, -1)) r.first_fire = static_cast<int>(lua_tointeger(L, -1)) - 1;
    lua_pop(L, 1);
    return r;
}

void push_ints(lua_State* L, const std::vector<int>& v) {
    lua_createtable(L, static_cast<int>(v.size()), 0);
    for (std::size_t i = 0; i < v.size(); ++i) {
        lua_pushinteger(L, v[i]);
        lua_rawseti(L, -2, static_cast<int>(i + 1));
    }
}

// battle.attrition(a, b, rules) -> {rounds = {{strength = {sa, sb}, lost = {{...}, {...}}}, ...},
// left = {{...}, {...}}}. a and b are {counts, strength, fixed, while_units}; rules is
// {divisor, disadvantage, max_rounds, first_fire = 1 (a) or 2 (b), first_fire_extra}.
int l_attrition(lua_State* L) {
    AttritionSide a = read_side(L, 1), b = read_side(L, 2);
    AttritionResult r = attrition(a, b, read_rules(L, 3));
    lua_createtable(L, 0, 2);
    int t = lua_gettop(L);
    lua_createtable(L, static_cast<int>(r.rounds.size()), 0);
    for (std::size_t i = 0; i < r.rounds.size(); ++i) {
        const AttritionRound& round = r.rounds[i];
        lua_createtable(L, 0, 2);
        push_ints(L, {round.strength[0], round.strength[1]});
        lua_setfield(L, -2, "strength");
        lua_createtable(L, 2, 0);
        push_ints(L, round.lost[0]);
        lua_rawseti(L, -2, 1);
        push_ints(L, round.lost[1]);
        lua_rawseti(L, -2, 2);
        lua_setfield(L, -2, "lost");
        lua_rawseti(L, -2, static_cast<int>(i + 1));
    }
    lua_setfield(L, t, "rounds");
    lua_createtable(L, 2, 0);
    push_ints(L, r.left[0]);
    lua_rawseti(L, -2, 1);
    push_ints(L, r.left[1]);
    lua_rawseti(L, -2, 2);
    lua_setfield(L, t, "left");
    return 1;
}

// battle.attrition_left(divisor, max_rounds, first_fire, first_fire_extra,
// a_fixed, a_while, a1, as1, a2, as2, a3, as3, a4, as4,
// b_fixed, b_while, b1, bs1, b2, bs2, b3, bs3, b4, bs4)
// -> rounds, a1..a4 left, b1..b4 left, a's and b's strength in the first round.
// battle.attrition without tables, for scripts that simulate many battles: up to four unit
// classes a side (count, strength per unit; unused classes count 0). first_fire is 0 (nobody),
// 1 (a) or 2 (b).
int l_attrition_left(lua_State* L) {
    AttritionRules r;
    r.divisor = check_int(L, 1);
    r.max_rounds = check_int(L, 2);
    r.first_fire = check_int(L, 3) - 1;
    r.first_fire_extra = check_int(L, 4);
    AttritionSide side[2];
    for (int s = 0; s < 2; ++s) {
        int base = 5 + s * 10;
        side[s].fixed = check_int(L, base);
        side[s].while_units = check_int(L, base + 1);
        for (int c = 0; c < 4; ++c) {
            side[s].counts.push_back(check_int(L, base + 2 + 2 * c));
            side[s].strength.push_back(check_int(L, base + 3 + 2 * c));
        }
    }
    AttritionResult res = attrition(side[0], side[1], r);
    lua_pushinteger(L, static_cast<lua_Integer>(res.rounds.size()));
    for (int s = 0; s < 2; ++s)
        for (int c = 0; c < 4; ++c)
            lua_pushinteger(L, res.left[static_cast<std::size_t>(s)][static_cast<std::size_t>(c)]);
    lua_pushinteger(L, res.rounds.empty() ? 0 : res.rounds[0].strength[0]);
    lua_pushinteger(L, res.rounds.empty() ? 0 : res.rounds[0].strength[1]);
    return 11;
}

// battle.strength(side) -> the side's strength as it stands
int l_strength(lua_State* L) {
    AttritionSide s = read_side(L, 1);
    push(L, side_strength(s, s.counts));
    return 1;
}

// battle.losses(other_strength, own_strength, divisor [, disadvantage]) -> units lost in a round
int l_losses(lua_State* L) {
    AttritionRules r;
    r.divisor = check_int(L, 3);
    if (!lua_isnoneornil(L, 4)) r.disadvantage = check_int(L, 4);
    push(L, attrition_losses(check_int(L, 1), check_int(L, 2), r));
    return 1;
}

const luaL_Reg kBattleFunctions[] = {
    {"attrition", lua_guard<l_attrition>},
    {"attrition_left", lua_guard<l_attrition_left>},
    {"losses", lua_guard<l_losses>},
    {"strength", lua_guard<l_strength>},
    {nullptr, nullptr},
};

}  // namespace

int luaopen_battle(lua_State* L) {
    luaL_register(L, "battle", kBattleFunctions);
    lua_pop(L, 1);
    return 0;
}

}  // namespace hl
