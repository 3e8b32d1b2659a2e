// battle.*: the battle arithmetic primitives (core/battle.hpp) for action scripts.

#include <iterator>

#include <fmt/format.h>

#include "core/battle.hpp"
#include "lua/convert.hpp"
#include "lua/keys.hpp"
#include "lua/modules.hpp"

namespace hl {

namespace {

// Field names of battle.fight's input (1..16) and result (17..), interned once (lua/keys.hpp).
enum Key {
    kAttackers = 1,
    kAttackerWt,
    kAttackerMc,
    kCruisers,
    kFighters,
    kColonyShips,
    kPopulation,
    kDefenderWt,
    kDefenderDt,
    kDivisor,
    kAmbushExtraLoss,
    kPopulationFactor,
    kColonyShipStrength,
    kPlanet,
    kRounds,
    kAmbush,
    kAttack,
    kDefence,
    kAttackersLost,
    kCruisersLost,
    kFightersLost,
    kAttackersLeft,
    kCruisersLeft,
    kFightersLeft,
    kDefenceLevel,
    kWon,
};

const char* const kKeyNames[] = {
    "attackers",
    "attacker_wt",
    "attacker_mc",
    "cruisers",
    "fighters",
    "colony_ships",
    "population",
    "defender_wt",
    "defender_dt",
    "divisor",
    "ambush_extra_loss",
    "population_factor",
    "colony_ship_strength",
    "planet",
    "rounds",
    "ambush",
    "attack",
    "defence",
    "attackers_lost",
    "cruisers_lost",
    "fighters_lost",
    "attackers_left",
    "cruisers_left",
    "fighters_left",
    "defence_level",
    "won",
};

// The value at the top of the stack as a whole number for input field `key`.
int field_int(lua_State* L, int key) {
    lua_Number n = lua_tonumber(L, -1);
    if (lua_type(L, -1) != LUA_TNUMBER || n != static_cast<lua_Number>(static_cast<int>(n)))
        throw std::runtime_error(
            fmt::format("battle.fight: '{}' must be a whole number", kKeyNames[key - 1]));
    return static_cast<int>(n);
}

int BattleInput::*const kIntFields[] = {
    nullptr,
    &BattleInput::attackers,
    &BattleInput::attacker_wt,
    &BattleInput::attacker_mc,
    &BattleInput::cruisers,
    &BattleInput::fighters,
    &BattleInput::colony_ships,
    &BattleInput::population,
    &BattleInput::defender_wt,
    &BattleInput::defender_dt,
    &BattleInput::divisor,
    &BattleInput::ambush_extra_loss,
    &BattleInput::population_factor,
    &BattleInput::colony_ship_strength,
};

// Finds the field of the input table that is not one of the known ones, and says so.
[[noreturn]] void unknown_field(lua_State* L) {
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) {
        if (lua_type(L, -2) != LUA_TSTRING)
            throw std::runtime_error("battle.fight: field names must be strings");
        int key = key_index(L, -2);
        if (key < kAttackers || key > kAmbush)
            throw std::runtime_error(
                fmt::format("battle.fight: unknown field '{}'", lua_tostring(L, -2)));
        lua_pop(L, 1);
    }
    throw std::runtime_error("battle.fight: unknown field");
}

// battle.fight{attackers=, attacker_wt=, attacker_mc=, cruisers=, fighters=, colony_ships=,
// population=, planet=, defender_wt=, defender_dt=, divisor=, rounds=, ambush=,
// ambush_extra_loss=, population_factor=, colony_ship_strength=} -> {rounds = {{attack,
// defence, attackers_lost, cruisers_lost, fighters_lost}, ...}, attackers_left, cruisers_left,
// fighters_left, defence_level, won, attackers_lost, cruisers_lost, fighters_lost}
// Reads each known field by its interned name, then counts the table's entries: any more
// than were found is an unknown field (a misspelt name is an error, not ignored).
BattleInput read_input(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    BattleInput in;
    int found = 0;
    for (int key = kAttackers; key <= kAmbush; ++key) {
        push_key(L, key);
        lua_rawget(L, 1);
        if (lua_type(L, -1) != LUA_TNIL) {
            ++found;
            if (key <= kColonyShipStrength)
                in.*(kIntFields[key]) = field_int(L, key);
            else if (key == kPlanet)
                in.planet = lua_toboolean(L, -1) != 0;
            else if (key == kRounds)
                in.rounds = lua_toboolean(L, -1) != 0;
            else
                in.ambush = lua_toboolean(L, -1) != 0;
        }
        lua_pop(L, 1);
    }
    int entries = 0;
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) {
        ++entries;
        lua_pop(L, 1);
    }
    if (entries != found) unknown_field(L);
    return in;
}

void set_int(lua_State* L, int t, int key, int value) {
    push_key(L, key);
    lua_pushinteger(L, value);
    lua_rawset(L, t);
}

int l_fight(lua_State* L) {
    BattleResult r = fight(read_input(L));
    lua_createtable(L, 0, 9);
    int t = lua_gettop(L);
    push_key(L, kRounds);
    lua_createtable(L, static_cast<int>(r.rounds.size()), 0);
    int rounds = lua_gettop(L);
    for (std::size_t i = 0; i < r.rounds.size(); ++i) {
        const BattleRound& br = r.rounds[i];
        lua_createtable(L, 0, 5);
        int rt = lua_gettop(L);
        set_int(L, rt, kAttack, br.attack);
        set_int(L, rt, kDefence, br.defence);
        set_int(L, rt, kAttackersLost, br.attackers_lost);
        set_int(L, rt, kCruisersLost, br.cruisers_lost);
        set_int(L, rt, kFightersLost, br.fighters_lost);
        lua_rawseti(L, rounds, static_cast<int>(i + 1));
    }
    lua_rawset(L, t);
    set_int(L, t, kAttackersLeft, r.attackers_left);
    set_int(L, t, kCruisersLeft, r.cruisers_left);
    set_int(L, t, kFightersLeft, r.fighters_left);
    set_int(L, t, kDefenceLevel, r.defence_level);
    push_key(L, kWon);
    lua_pushboolean(L, r.won ? 1 : 0);
    lua_rawset(L, t);
    set_int(L, t, kAttackersLost, r.attackers_lost());
    set_int(L, t, kCruisersLost, r.cruisers_lost());
    set_int(L, t, kFightersLost, r.fighters_lost());
    return 1;
}

// battle.outcome(attackers, attacker_wt, attacker_mc, cruisers, fighters, colony_ships,
// population, planet, defender_wt, defender_dt, divisor, rounds, ambush, ambush_extra_loss,
// population_factor, colony_ship_strength) -> won, attackers_left, cruisers_left,
// fighters_left, defence_level, attackers_lost, cruisers_lost, fighters_lost
// The arithmetic of battle.fight without tables, for scripts that simulate many battles.
int l_outcome(lua_State* L) {
    BattleInput in;
    in.attackers = check_int(L, 1);
    in.attacker_wt = check_int(L, 2);
    in.attacker_mc = check_int(L, 3);
    in.cruisers = check_int(L, 4);
    in.fighters = check_int(L, 5);
    in.colony_ships = check_int(L, 6);
    in.population = check_int(L, 7);
    in.planet = lua_toboolean(L, 8) != 0;
    in.defender_wt = check_int(L, 9);
    in.defender_dt = check_int(L, 10);
    in.divisor = check_int(L, 11);
    in.rounds = lua_toboolean(L, 12) != 0;
    in.ambush = lua_toboolean(L, 13) != 0;
    in.ambush_extra_loss = check_int(L, 14);
    in.population_factor = check_int(L, 15);
    in.colony_ship_strength = check_int(L, 16);
    BattleResult r = fight(in);
    lua_pushboolean(L, r.won ? 1 : 0);
    lua_pushinteger(L, r.attackers_left);
    lua_pushinteger(L, r.cruisers_left);
    lua_pushinteger(L, r.fighters_left);
    lua_pushinteger(L, r.defence_level);
    lua_pushinteger(L, r.attackers_lost());
    lua_pushinteger(L, r.cruisers_lost());
    lua_pushinteger(L, r.fighters_lost());
    return 8;
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
    {"outcome", lua_guard<l_outcome>},
    {"strength", lua_guard<l_strength>},
    {nullptr, nullptr},
};

}  // namespace

int luaopen_battle(lua_State* L) {
    push_key_tables(L, kKeyNames, static_cast<int>(std::size(kKeyNames)));
    luaL_openlib(L, "battle", kBattleFunctions, 2);
    lua_pop(L, 1);
    return 0;
}

}  // namespace hl
