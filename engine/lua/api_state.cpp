// state.*: Lua bindings for empires, holdings, probes and game-wide numbers of the current game.
// Scripts see copies (tables) and change the state only through the setters, which check
// every value.

#include <algorithm>
#include <cstring>
#include <iterator>

#include <fmt/format.h>

#include "core/state.hpp"
#include "lua/convert.hpp"
#include "lua/keys.hpp"
#include "lua/modules.hpp"
#include "pack/pack.hpp"

namespace hl {

namespace {

Empire& check_empire(lua_State* L, int idx) {
    std::string code = check_string(L, idx);
    Empire* e = need_state(L).find_empire(code);
    if (!e) throw std::runtime_error(fmt::format("no empire '{}' in this game", code));
    return *e;
}

SystemCode check_known_system(lua_State* L, int idx) {
    SystemCode code = check_system(L, idx);
    if (!need_state(L).galaxy.contains(code))
        throw std::runtime_error(fmt::format("no system {} in the galaxy", code_str(code)));
    return code;
}

void push_opt_string(lua_State* L, const std::string& s) {
    if (s.empty())
        lua_pushnil(L);
    else
        push(L, s);
}

// Reads field value at stack top as a count (whole number >= 0).
int field_count(lua_State* L, const char* key) {
    lua_Number n = lua_tonumber(L, -1);
    if (!lua_isnumber(L, -1) || n < 0 || n != static_cast<lua_Number>(static_cast<int>(n)))
        throw std::runtime_error(fmt::format("field '{}' must be a whole number >= 0", key));
    return static_cast<int>(n);
}

std::int64_t field_number(lua_State* L, const char* key) {
    lua_Number n = lua_tonumber(L, -1);
    if (!lua_isnumber(L, -1) || n != static_cast<lua_Number>(static_cast<std::int64_t>(n)))
        throw std::runtime_error(fmt::format("field '{}' must be a whole number", key));
    return static_cast<std::int64_t>(n);
}

std::optional<SystemCode> field_system(lua_State* L, const char* key) {
    if (lua_isnil(L, -1) || (lua_isboolean(L, -1) && !lua_toboolean(L, -1))) return std::nullopt;
    lua_Number n = lua_tonumber(L, -1);
    if (!lua_isnumber(L, -1) || n < 0 || n > kMaxSystemCode ||
        n != static_cast<lua_Number>(static_cast<int>(n)))
        throw std::runtime_error(fmt::format("field '{}' must be a system code or false", key));
    SystemCode code = static_cast<SystemCode>(n);
    if (!need_state(L).galaxy.contains(code))
        throw std::runtime_error(fmt::format("field '{}': no system {}", key, code_str(code)));
    return code;
}

// state.turn() -> integer
int l_turn(lua_State* L) {
    push(L, need_state(L).turn);
    return 1;
}

// state.seed() -> the game seed as a decimal string
int l_seed(lua_State* L) {
    push(L, std::to_string(need_state(L).seed));
    return 1;
}

// state.empires() -> {codes}, alphabetical
int l_empires(lua_State* L) {
    std::vector<std::string> codes;
    for (const auto& e : need_state(L).empires)
        codes.push_back(e.code);
    push_strings(L, codes);
    return 1;
}

// state.order() -> {codes} in order of play
int l_order(lua_State* L) {
    push_strings(L, need_state(L).order_of_play);
    return 1;
}

// state.set_order({codes}): must name every empire exactly once
int l_set_order(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    GameState& st = need_state(L);
    std::vector<std::string> order;
    int n = static_cast<int>(lua_objlen(L, 1));
    for (int i = 1; i <= n; ++i) {
        lua_rawgeti(L, 1, i);
        if (lua_type(L, -1) != LUA_TSTRING)
            throw std::runtime_error("order must list empire codes");
        order.emplace_back(lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    std::vector<std::string> a = order, b;
    for (const auto& e : st.empires)
        b.push_back(e.code);
    std::sort(a.begin(), a.end());
    if (a != b) throw std::runtime_error("order of play must name every empire exactly once");
    st.order_of_play = std::move(order);
    return 0;
}

// state.empire(code) -> {code, name, player, computer, treasury, balance, vps, base, home,
// reserve, lost_in_space, bombs_used, missed_turns, eliminated}
int l_empire(lua_State* L) {
    const Empire& e = check_empire(L, 1);
    lua_createtable(L, 0, 14);
    int t = lua_gettop(L);
    set_field(L, t, "code", e.code);
    set_field(L, t, "name", e.name);
    set_field(L, t, "player", e.player);
    set_field(L, t, "computer", e.computer);
    set_field(L, t, "treasury", e.treasury);
    set_field(L, t, "balance", e.balance);
    set_field(L, t, "vps", e.vps);
    set_field(L, t, "base", e.base);
    set_field(L, t, "home", e.home);
    set_field(L, t, "reserve", e.reserve);
    set_field(L, t, "lost_in_space", e.lost_in_space);
    set_field(L, t, "bombs_used", e.bombs_used);
    set_field(L, t, "missed_turns", e.missed_turns);
    set_field(L, t, "eliminated", e.eliminated);
    return 1;
}

// The fields state.set_empire may change, staged so that a bad value changes nothing (copying
// the whole Empire would copy its system sets on every BP spent).
struct SettableEmpire {
    std::int64_t treasury, balance, vps;
    int reserve, lost_in_space, bombs_used, missed_turns;
    std::optional<SystemCode> base, home;
    bool eliminated, computer;
};

// state.set_empire(code, {field = value, ...}): changes the named fields only
int l_set_empire(lua_State* L) {
    Empire& e = check_empire(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    SettableEmpire copy{e.treasury,      e.balance,    e.vps,          e.reserve,
                        e.lost_in_space, e.bombs_used, e.missed_turns, e.base,
                        e.home,          e.eliminated, e.computer};
    lua_pushnil(L);
    while (lua_next(L, 2) != 0) {
        if (lua_type(L, -2) != LUA_TSTRING) throw std::runtime_error("field names must be strings");
        const char* key = lua_tostring(L, -2);
        if (!std::strcmp(key, "treasury"))
            copy.treasury = field_number(L, key);
        else if (!std::strcmp(key, "balance"))
            copy.balance = field_number(L, key);
        else if (!std::strcmp(key, "vps"))
            copy.vps = field_number(L, key);
        else if (!std::strcmp(key, "reserve"))
            copy.reserve = field_count(L, key);
        else if (!std::strcmp(key, "lost_in_space"))
            copy.lost_in_space = field_count(L, key);
        else if (!std::strcmp(key, "bombs_used"))
            copy.bombs_used = field_count(L, key);
        else if (!std::strcmp(key, "missed_turns"))
            copy.missed_turns = field_count(L, key);
        else if (!std::strcmp(key, "base"))
            copy.base = field_system(L, key);
        else if (!std::strcmp(key, "home"))
            copy.home = field_system(L, key);
        else if (!std::strcmp(key, "eliminated"))
            copy.eliminated = lua_toboolean(L, -1) != 0;
        else if (!std::strcmp(key, "computer"))
            copy.computer = lua_toboolean(L, -1) != 0;
        else
            throw std::runtime_error(fmt::format("set_empire: '{}' is not a settable field", key));
        lua_pop(L, 1);
    }
    e.treasury = copy.treasury;
    e.balance = copy.balance;
    e.vps = copy.vps;
    e.reserve = copy.reserve;
    e.lost_in_space = copy.lost_in_space;
    e.bombs_used = copy.bombs_used;
    e.missed_turns = copy.missed_turns;
    e.base = copy.base;
    e.home = copy.home;
    e.eliminated = copy.eliminated;
    e.computer = copy.computer;
    return 0;
}

// state.tech(empire, tech) -> level
int l_tech(lua_State* L) {
    const Empire& e = check_empire(L, 1);
    push(L, e.tech(check_string(L, 2)));
    return 1;
}

// state.techs(empire) -> {[code] = level} for every tech of the pack
int l_techs(lua_State* L) {
    const Empire& e = check_empire(L, 1);
    const Pack& pack = need_pack(L);
    lua_createtable(L, 0, static_cast<int>(pack.techs().size()));
    int t = lua_gettop(L);
    for (const TechDef& def : pack.techs())
        set_field(L, t, def.code.c_str(), e.tech(def.code));
    return 1;
}

// state.set_tech(empire, tech, level): the level must respect the tech's cap
int l_set_tech(lua_State* L) {
    Empire& e = check_empire(L, 1);
    std::string code = check_string(L, 2);
    int level = check_int(L, 3);
    const TechDef* def = need_pack(L).tech(code);
    if (!def) throw std::runtime_error(fmt::format("unknown tech '{}'", code));
    if (level < 0) throw std::runtime_error("tech level must be >= 0");
    if (def->cap && level > *def->cap)
        throw std::runtime_error(fmt::format("{} may not exceed level {}", code, *def->cap));
    e.techs[code] = level;
    return 0;
}

// Field names of state.holding's table, interned once (lua/keys.hpp).
enum HoldingKey {
    kOwner = 1,
    kPopulation,
    kIndustry,
    kCruisers,
    kFighters,
    kColonyShips,
    kMode,
    kRetreat,
    kAmbush,
    kName,
    kEverOwned,
};

const char* const kHoldingKeys[] = {"owner",    "population",   "industry",  "cruisers",
                                    "fighters", "colony_ships", "mode",      "retreat",
                                    "ambush",   "name",         "ever_owned"};

void set_int_key(lua_State* L, int t, int key, int value) {
    lua_pushinteger(L, value);
    set_key(L, t, key);
}

// state.holding(system) -> {owner, population, industry, cruisers, fighters, colony_ships,
// mode, retreat, ambush, name, ever_owned}; owner and name are nil when empty
int l_holding(lua_State* L) {
    SystemCode code = check_known_system(L, 1);
    const Holding& h = need_state(L).holding_or_empty(code);
    lua_createtable(L, 0, 11);
    int t = lua_gettop(L);
    if (!h.owner.empty()) {
        push(L, h.owner);
        set_key(L, t, kOwner);
    }
    set_int_key(L, t, kPopulation, h.population);
    set_int_key(L, t, kIndustry, h.industry);
    set_int_key(L, t, kCruisers, h.cruisers);
    set_int_key(L, t, kFighters, h.fighters);
    set_int_key(L, t, kColonyShips, h.colony_ships);
    lua_pushstring(L, defence_mode_name(h.mode));
    set_key(L, t, kMode);
    if (h.retreat) {
        lua_pushinteger(L, *h.retreat);
        set_key(L, t, kRetreat);
    }
    if (h.ambush) {
        lua_pushinteger(L, *h.ambush);
        set_key(L, t, kAmbush);
    }
    if (!h.name.empty()) {
        push(L, h.name);
        set_key(L, t, kName);
    }
    lua_pushboolean(L, h.ever_owned ? 1 : 0);
    set_key(L, t, kEverOwned);
    return 1;
}

// state.set_holding(system, {field = value, ...}): changes the named fields only;
// owner = false clears the owner
int l_set_holding(lua_State* L) {
    SystemCode code = check_known_system(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    GameState& st = need_state(L);
    Holding h = st.holding_or_empty(code);
    lua_pushnil(L);
    while (lua_next(L, 2) != 0) {
        if (lua_type(L, -2) != LUA_TSTRING) throw std::runtime_error("field names must be strings");
        const char* key = lua_tostring(L, -2);
        if (!std::strcmp(key, "owner")) {
            if (lua_isboolean(L, -1) && !lua_toboolean(L, -1)) {
                h.owner.clear();
            } else {
                if (lua_type(L, -1) != LUA_TSTRING)
                    throw std::runtime_error("owner must be an empire code or false");
                std::string owner = lua_tostring(L, -1);
                if (!st.find_empire(owner))
                    throw std::runtime_error(fmt::format("owner: no empire '{}'", owner));
                h.owner = owner;
            }
        } else if (!std::strcmp(key, "population"))
            h.population = field_count(L, key);
        else if (!std::strcmp(key, "industry"))
            h.industry = field_count(L, key);
        else if (!std::strcmp(key, "cruisers"))
            h.cruisers = field_count(L, key);
        else if (!std::strcmp(key, "fighters"))
            h.fighters = field_count(L, key);
        else if (!std::strcmp(key, "colony_ships"))
            h.colony_ships = field_count(L, key);
        else if (!std::strcmp(key, "retreat"))
            h.retreat = field_system(L, key);
        else if (!std::strcmp(key, "ambush"))
            h.ambush = field_system(L, key);
        else if (!std::strcmp(key, "ever_owned"))
            h.ever_owned = lua_toboolean(L, -1) != 0;
        else if (!std::strcmp(key, "mode")) {
            auto m = lua_type(L, -1) == LUA_TSTRING ? parse_defence_mode(lua_tostring(L, -1))
                                                    : std::nullopt;
            if (!m) throw std::runtime_error("mode must be \"retreat\", \"defend\" or \"ambush\"");
            h.mode = *m;
        } else if (!std::strcmp(key, "name")) {
            if (lua_isboolean(L, -1) && !lua_toboolean(L, -1))
                h.name.clear();
            else if (lua_type(L, -1) == LUA_TSTRING)
                h.name = lua_tostring(L, -1);
            else
                throw std::runtime_error("name must be a string or false");
        } else {
            throw std::runtime_error(fmt::format("set_holding: '{}' is not a settable field", key));
        }
        lua_pop(L, 1);
    }
    if (h.is_default())
        st.holdings.erase(code);
    else
        st.holdings[code] = std::move(h);
    return 0;
}

// state.owned(empire) -> {codes} of systems the empire owns, by code
int l_owned(lua_State* L) {
    const Empire& e = check_empire(L, 1);
    push_codes(L, need_state(L).owned_by(e.code));
    return 1;
}

// state.counter(name [, empire]) -> integer (0 if never set)
int l_counter(lua_State* L) {
    std::string name = check_string(L, 1);
    const auto& map = lua_isnoneornil(L, 2) ? need_state(L).counters : check_empire(L, 2).counters;
    auto it = map.find(name);
    push(L, it == map.end() ? std::int64_t{0} : it->second);
    return 1;
}

// state.set_counter(name, value [, empire])
int l_set_counter(lua_State* L) {
    std::string name = check_string(L, 1);
    std::int64_t value = check_integer(L, 2);
    auto& map = lua_isnoneornil(L, 3) ? need_state(L).counters : check_empire(L, 3).counters;
    if (value == 0)
        map.erase(name);
    else
        map[name] = value;
    return 0;
}

// state.next_census() -> turn number
int l_next_census(lua_State* L) {
    push(L, need_state(L).next_census);
    return 1;
}

// state.set_next_census(turn)
int l_set_next_census(lua_State* L) {
    need_state(L).next_census = check_int(L, 1);
    return 0;
}

// state.points_target() -> integer
int l_points_target(lua_State* L) {
    push(L, need_state(L).points_target);
    return 1;
}

// state.set_points_target(n)
int l_set_points_target(lua_State* L) {
    need_state(L).points_target = check_integer(L, 1);
    return 0;
}

// state.probes([empire]) -> {{empire=, system=, active=}, ...} sorted
int l_probes(lua_State* L) {
    GameState& st = need_state(L);
    std::string only = lua_isnoneornil(L, 1) ? std::string() : check_empire(L, 1).code;
    lua_newtable(L);
    int t = lua_gettop(L);
    int i = 0;
    for (const Probe& p : st.probes) {
        if (!only.empty() && p.empire != only) continue;
        lua_createtable(L, 0, 3);
        int r = lua_gettop(L);
        set_field(L, r, "empire", p.empire);
        set_field(L, r, "system", p.system);
        set_field(L, r, "active", p.active);
        lua_rawseti(L, t, ++i);
    }
    return 1;
}

// state.set_probes(empire, {{system=, active=}, ...}): replaces all of the empire's probes;
// at most one may be active
int l_set_probes(lua_State* L) {
    const Empire& e = check_empire(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    GameState& st = need_state(L);
    std::vector<Probe> mine;
    int n = static_cast<int>(lua_objlen(L, 2));
    int active = 0;
    for (int i = 1; i <= n; ++i) {
        lua_rawgeti(L, 2, i);
        if (!lua_istable(L, -1)) throw std::runtime_error("set_probes: each probe must be a table");
        lua_getfield(L, -1, "system");
        auto sys = field_system(L, "system");
        lua_pop(L, 1);
        if (!sys) throw std::runtime_error("set_probes: each probe needs a system");
        lua_getfield(L, -1, "active");
        bool is_active = lua_toboolean(L, -1) != 0;
        lua_pop(L, 2);
        active += is_active ? 1 : 0;
        mine.push_back(Probe{e.code, *sys, is_active});
    }
    if (active > 1) throw std::runtime_error("set_probes: at most one probe may be active");
    std::erase_if(st.probes, [&](const Probe& p) { return p.empire == e.code; });
    st.probes.insert(st.probes.end(), mine.begin(), mine.end());
    st.normalise();
    return 0;
}

// state.census_turns() -> {turns}
int l_census_turns(lua_State* L) {
    const auto& turns = need_state(L).census_turns;
    lua_createtable(L, static_cast<int>(turns.size()), 0);
    for (std::size_t i = 0; i < turns.size(); ++i) {
        lua_pushinteger(L, turns[i]);
        lua_rawseti(L, -2, static_cast<int>(i + 1));
    }
    return 1;
}

// state.add_census_turn(turn): records that a census was held
int l_add_census_turn(lua_State* L) {
    need_state(L).census_turns.push_back(check_int(L, 1));
    return 0;
}

// state.victory() -> {warning_turn, ended_turn, winner, condition}
int l_victory(lua_State* L) {
    const VictoryStatus& v = need_state(L).victory;
    lua_createtable(L, 0, 4);
    int t = lua_gettop(L);
    set_field(L, t, "warning_turn", v.warning_turn);
    set_field(L, t, "ended_turn", v.ended_turn);
    push_opt_string(L, v.winner);
    lua_setfield(L, t, "winner");
    push_opt_string(L, v.condition);
    lua_setfield(L, t, "condition");
    return 1;
}

// state.set_victory({warning_turn=, ended_turn=, winner=, condition=}): named fields only;
// false clears winner or condition
int l_set_victory(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    GameState& st = need_state(L);
    VictoryStatus v = st.victory;
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) {
        if (lua_type(L, -2) != LUA_TSTRING) throw std::runtime_error("field names must be strings");
        const char* key = lua_tostring(L, -2);
        auto text = [&]() -> std::string {
            if (lua_isboolean(L, -1) && !lua_toboolean(L, -1)) return "";
            if (lua_type(L, -1) != LUA_TSTRING)
                throw std::runtime_error(fmt::format("set_victory: '{}' must be a string", key));
            return lua_tostring(L, -1);
        };
        if (!std::strcmp(key, "warning_turn"))
            v.warning_turn = field_count(L, key);
        else if (!std::strcmp(key, "ended_turn"))
            v.ended_turn = field_count(L, key);
        else if (!std::strcmp(key, "winner"))
            v.winner = text();
        else if (!std::strcmp(key, "condition"))
            v.condition = text();
        else
            throw std::runtime_error(fmt::format("set_victory: '{}' is not a field", key));
        lua_pop(L, 1);
    }
    st.victory = v;
    return 0;
}

// state.system_set(empire, name) -> {codes}, sorted (empty if the set was never written)
int l_system_set(lua_State* L) {
    const Empire& e = check_empire(L, 1);
    std::string name = check_string(L, 2);
    auto it = e.system_sets.find(name);
    std::vector<SystemCode> codes;
    if (it != e.system_sets.end()) codes.assign(it->second.begin(), it->second.end());
    push_codes(L, codes);
    return 1;
}

// state.set_system_set(empire, name, {codes}): replaces the set (an empty list removes it)
int l_set_system_set(lua_State* L) {
    Empire& e = check_empire(L, 1);
    std::string name = check_string(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    std::set<SystemCode> codes;
    int n = static_cast<int>(lua_objlen(L, 3));
    for (int i = 1; i <= n; ++i) {
        lua_rawgeti(L, 3, i);
        auto code = field_system(L, "code");
        lua_pop(L, 1);
        if (code) codes.insert(*code);
    }
    if (codes.empty())
        e.system_sets.erase(name);
    else
        e.system_sets[name] = std::move(codes);
    return 0;
}

const luaL_Reg kStateFunctions[] = {
    {"turn", lua_guard<l_turn>},
    {"seed", lua_guard<l_seed>},
    {"empires", lua_guard<l_empires>},
    {"order", lua_guard<l_order>},
    {"set_order", lua_guard<l_set_order>},
    {"empire", lua_guard<l_empire>},
    {"set_empire", lua_guard<l_set_empire>},
    {"tech", lua_guard<l_tech>},
    {"techs", lua_guard<l_techs>},
    {"set_tech", lua_guard<l_set_tech>},
    {"holding", lua_guard<l_holding>},
    {"set_holding", lua_guard<l_set_holding>},
    {"owned", lua_guard<l_owned>},
    {"counter", lua_guard<l_counter>},
    {"set_counter", lua_guard<l_set_counter>},
    {"next_census", lua_guard<l_next_census>},
    {"set_next_census", lua_guard<l_set_next_census>},
    {"points_target", lua_guard<l_points_target>},
    {"set_points_target", lua_guard<l_set_points_target>},
    {"probes", lua_guard<l_probes>},
    {"set_probes", lua_guard<l_set_probes>},
    {"system_set", lua_guard<l_system_set>},
    {"set_system_set", lua_guard<l_set_system_set>},
    {"census_turns", lua_guard<l_census_turns>},
    {"add_census_turn", lua_guard<l_add_census_turn>},
    {"victory", lua_guard<l_victory>},
    {"set_victory", lua_guard<l_set_victory>},
    {nullptr, nullptr},
};

}  // namespace

int luaopen_state(lua_State* L) {
    push_key_tables(L, kHoldingKeys, static_cast<int>(std::size(kHoldingKeys)));
    luaL_openlib(L, "state", kStateFunctions, 2);
    lua_pop(L, 1);
    return 0;
}

}  // namespace hl
