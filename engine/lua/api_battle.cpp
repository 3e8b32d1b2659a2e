// battle.*: the battle arithmetic primitives (core/battle.hpp) for action scripts.

#include <cstring>

#include <fmt/format.h>

#include "core/battle.hpp"
#include "lua/convert.hpp"
#include "lua/modules.hpp"

namespace hl {

namespace {

int field_int(lua_State* L, const char* key) {
    lua_Number n = lua_tonumber(L, -1);
    if (!lua_isnumber(L, -1) || n != static_cast<lua_Number>(static_cast<int>(n)))
        throw std::runtime_error(fmt::format("battle.fight: '{}' must be a whole number", key));
    return static_cast<int>(n);
}

// battle.fight{attackers=, attacker_wt=, attacker_mc=, cruisers=, fighters=, colony_ships=,
// population=, planet=, defender_wt=, defender_dt=, divisor=, rounds=, ambush=,
// ambush_extra_loss=, population_factor=, colony_ship_strength=} -> {rounds = {{attack,
// defence, attackers_lost, cruisers_lost, fighters_lost}, ...}, attackers_left, cruisers_left,
// fighters_left, defence_level, won, attackers_lost, cruisers_lost, fighters_lost}
BattleInput read_input(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    BattleInput in;
    struct IntField {
        const char* name;
        int BattleInput::*member;
    };
    static const IntField ints[] = {
        {"attackers", &BattleInput::attackers},
        {"attacker_wt", &BattleInput::attacker_wt},
        {"attacker_mc", &BattleInput::attacker_mc},
        {"cruisers", &BattleInput::cruisers},
        {"fighters", &BattleInput::fighters},
        {"colony_ships", &BattleInput::colony_ships},
        {"population", &BattleInput::population},
        {"defender_wt", &BattleInput::defender_wt},
        {"defender_dt", &BattleInput::defender_dt},
        {"divisor", &BattleInput::divisor},
        {"ambush_extra_loss", &BattleInput::ambush_extra_loss},
        {"population_factor", &BattleInput::population_factor},
        {"colony_ship_strength", &BattleInput::colony_ship_strength},
    };
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) {
        if (lua_type(L, -2) != LUA_TSTRING)
            throw std::runtime_error("battle.fight: field names must be strings");
        const char* key = lua_tostring(L, -2);
        bool known = false;
        for (const IntField& f : ints) {
            if (std::strcmp(key, f.name) == 0) {
                in.*(f.member) = field_int(L, key);
                known = true;
                break;
            }
        }
        if (!known) {
            if (!std::strcmp(key, "planet"))
                in.planet = lua_toboolean(L, -1) != 0;
            else if (!std::strcmp(key, "rounds"))
                in.rounds = lua_toboolean(L, -1) != 0;
            else if (!std::strcmp(key, "ambush"))
                in.ambush = lua_toboolean(L, -1) != 0;
            else
                throw std::runtime_error(fmt::format("battle.fight: unknown field '{}'", key));
        }
        lua_pop(L, 1);
    }
    return in;
}

int l_fight(lua_State* L) {
    BattleResult r = fight(read_input(L));
    lua_createtable(L, 0, 9);
    int t = lua_gettop(L);
    lua_createtable(L, static_cast<int>(r.rounds.size()), 0);
    for (std::size_t i = 0; i < r.rounds.size(); ++i) {
        const BattleRound& br = r.rounds[i];
        lua_createtable(L, 0, 5);
        int rt = lua_gettop(L);
        set_field(L, rt, "attack", br.attack);
        set_field(L, rt, "defence", br.defence);
        set_field(L, rt, "attackers_lost", br.attackers_lost);
        set_field(L, rt, "cruisers_lost", br.cruisers_lost);
        set_field(L, rt, "fighters_lost", br.fighters_lost);
        lua_rawseti(L, -2, static_cast<int>(i + 1));
    }
    lua_setfield(L, t, "rounds");
    set_field(L, t, "attackers_left", r.attackers_left);
    set_field(L, t, "cruisers_left", r.cruisers_left);
    set_field(L, t, "fighters_left", r.fighters_left);
    set_field(L, t, "defence_level", r.defence_level);
    set_field(L, t, "won", r.won);
    set_field(L, t, "attackers_lost", r.attackers_lost());
    set_field(L, t, "cruisers_lost", r.cruisers_lost());
    set_field(L, t, "fighters_lost", r.fighters_lost());
    return 1;
}

// battle.strength{same fields as fight} -> attack A, defence D, defence level L at the start
int l_strength(lua_State* L) {
    BattleInput in = read_input(L);
    push(L, attack_strength(in, in.attackers));
    push(L, defence_strength(in, in.cruisers, in.fighters));
    push(L, defence_level(in));
    return 3;
}

// battle.losses(other_strength, own_strength, divisor) -> ships lost in one round
int l_losses(lua_State* L) {
    push(L, battle_losses(check_int(L, 1), check_int(L, 2), check_int(L, 3)));
    return 1;
}

const luaL_Reg kBattleFunctions[] = {
    {"fight", lua_guard<l_fight>},
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
