#include "game/new_game.hpp"

#include <set>

#include <fmt/format.h>

#include "core/rng.hpp"
#include "game/galaxy_check.hpp"
#include "game/phases.hpp"
#include "game/runtime.hpp"
#include "lua/convert.hpp"

namespace hl {

namespace {

SourcePos key_pos(const toml::key& k) {
    const auto& src = k.source();
    return SourcePos{src.path ? *src.path : std::string(), static_cast<int>(src.begin.line),
                     static_cast<int>(src.begin.column)};
}

void push_toml_value(lua_State* L, const toml::node& n) {
    if (auto s = n.value_exact<std::string>())
        push(L, *s);
    else if (auto i = n.value_exact<std::int64_t>())
        push(L, *i);
    else if (auto d = n.value_exact<double>())
        lua_pushnumber(L, *d);
    else if (auto b = n.value_exact<bool>())
        push(L, *b);
    else
        lua_pushnil(L);
}

// Calls galaxy.generate(params, empire_count) and reads the home slots it returns. The
// params are the module's `params` defaults overridden by the scenario's [galaxy] values.
std::vector<HomeSlot> generate_map(Runtime& rt, const Scenario& sc) {
    std::vector<HomeSlot> homes;
    auto push_args = [&](lua_State* L) {
        if (auto err = rt.host().import("galaxy")) throw ScriptError(*err);
        int module = lua_gettop(L);
        raw_field(L, module, "params");
        int defaults = lua_gettop(L);
        lua_newtable(L);
        int params = lua_gettop(L);
        std::vector<std::string> known;
        if (lua_istable(L, defaults)) {
            lua_pushnil(L);
            while (lua_next(L, defaults) != 0) {
                if (lua_type(L, -2) == LUA_TSTRING) known.emplace_back(lua_tostring(L, -2));
                lua_pushvalue(L, -2);
                lua_insert(L, -2);
                lua_settable(L, params);
            }
        }
        std::sort(known.begin(), known.end());
        Diagnostics diags;
        for (auto&& [k, node] : sc.galaxy_params) {
            std::string key(k.str());
            raw_field(L, defaults, key.c_str());
            int dtype = lua_isnil(L, -1) || !lua_istable(L, defaults) ? LUA_TNIL : lua_type(L, -1);
            lua_pop(L, 1);
            if (dtype == LUA_TNIL) {
                std::string list;
                for (const auto& name : known)
                    list += (list.empty() ? "" : ", ") + name;
                diags.error(key_pos(k),
                            fmt::format("galaxy.{}: unknown parameter; the generator of pack "
                                        "'{}' takes: {}",
                                        key, rt.pack().top().id, list));
                continue;
            }
            bool ok = (dtype == LUA_TNUMBER && (node.is_integer() || node.is_floating_point())) ||
                      (dtype == LUA_TSTRING && node.is_string()) ||
                      (dtype == LUA_TBOOLEAN && node.is_boolean());
            if (!ok) {
                diags.error(key_pos(k), fmt::format("galaxy.{}: expected {}, like the default", key,
                                                    dtype == LUA_TNUMBER   ? "a number"
                                                    : dtype == LUA_TSTRING ? "a string"
                                                                           : "true or false"));
                continue;
            }
            if (auto bad = value_problem(rt.pack().limits(), "galaxy." + key, node)) {
                diags.error(key_pos(k), fmt::format("galaxy.{}: {}", key, *bad));
                continue;
            }
            push_toml_value(L, node);
            lua_setfield(L, params, key.c_str());
        }
        if (diags.has_errors()) throw InputError(diags);
        lua_replace(L, module);
        lua_settop(L, module);
        lua_pushinteger(L, static_cast<int>(sc.empires.size()));
        return 2;
    };
    auto read = [&](lua_State* L) {
        if (!lua_istable(L, -1))
            throw ScriptError(LuaError{rt.pack().script("galaxy")->chunk, 0,
                                       "galaxy.generate must return the list of home positions "
                                       "{{star = code, planet = code}, ...}",
                                       ""});
        int t = lua_gettop(L);
        int n = static_cast<int>(lua_objlen(L, t));
        for (int i = 1; i <= n; ++i) {
            lua_rawgeti(L, t, i);
            HomeSlot h;
            raw_field(L, -1, "star");
            h.star = static_cast<SystemCode>(lua_tointeger(L, -1));
            raw_field(L, -2, "planet");
            if (lua_isnumber(L, -1)) h.planet = static_cast<SystemCode>(lua_tointeger(L, -1));
            lua_pop(L, 3);
            homes.push_back(h);
        }
    };
    rt.call("galaxy", "generate", rt.key("galaxy"), push_args, 1, read);
    return homes;
}

void push_homes(lua_State* L, const std::vector<HomeSlot>& homes) {
    lua_createtable(L, static_cast<int>(homes.size()), 0);
    int t = lua_gettop(L);
    for (std::size_t i = 0; i < homes.size(); ++i) {
        lua_createtable(L, 0, 3);
        int r = lua_gettop(L);
        set_field(L, r, "star", homes[i].star);
        set_field(L, r, "planet", homes[i].planet);
        if (!homes[i].empire.empty()) set_field(L, r, "empire", homes[i].empire);
        lua_rawseti(L, t, static_cast<int>(i + 1));
    }
}

void check_homes(const std::vector<HomeSlot>& homes, const GameState& st, const Pack& pack,
                 std::size_t empires, const SourcePos& where) {
    Diagnostics diags;
    if (homes.size() != empires)
        diags.error(where, fmt::format("the map has {} start positions for {} empires",
                                       homes.size(), empires));
    std::set<SystemCode> seen;
    for (const HomeSlot& h : homes) {
        const System* s = st.galaxy.find(h.star);
        if (!s || s->satellite) {
            diags.error(where, fmt::format("start position {} is not a star", code_str(h.star)));
            continue;
        }
        if (!seen.insert(h.star).second)
            diags.error(where,
                        fmt::format("star {} is used by two start positions", code_str(h.star)));
        if (h.planet) {
            const System* p = st.galaxy.find(*h.planet);
            if (!p || p->parent != h.star)
                diags.error(where, fmt::format("home planet {} does not orbit star {}",
                                               code_str(*h.planet), code_str(h.star)));
        }
    }
    (void)pack;
    if (diags.has_errors()) throw InputError(diags);
}

}  // namespace

std::string make_secret(std::uint64_t seed, const std::string& empire) {
    static const char kAlphabet[] = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    Rng rng(StreamKey{seed, 0, empire, 0, "secret"});
    std::string s;
    for (int i = 0; i < 8; ++i)
        s += kAlphabet[rng.below(sizeof kAlphabet - 1)];
    return s;
}

GameState create_game(const Scenario& sc, const Pack& pack, std::uint64_t seed) {
    GameState st;
    st.seed = seed;
    st.turn = 0;
    st.pack = pack.top().id;
    st.pack_version = pack.top().version;
    const SourcePos where{sc.file, 0, 0};
    if (sc.empires.empty()) throw InputError(where, "the scenario has no [[empire]]");

    for (const ScenarioEmpire& se : sc.empires) {
        Empire e;
        e.code = se.code;
        e.name = se.name;
        e.player = se.player;
        e.computer = se.computer;
        e.secret = se.secret.empty() ? make_secret(seed, se.code) : se.secret;
        for (const TechDef& t : pack.techs())
            e.techs[t.code] = t.start;
        st.empires.push_back(std::move(e));
        st.order_of_play.push_back(se.code);
    }
    if (!sc.order.empty()) st.order_of_play = sc.order;
    st.normalise();

    Runtime rt(pack, st);
    std::vector<HomeSlot> homes;
    if (sc.fixed_map) {
        st.galaxy = sc.map;
        st.holdings = sc.holdings;
        for (const ScenarioStart& s : sc.starts)
            homes.push_back({s.star, s.planet, s.empire});
    } else {
        homes = generate_map(rt, sc);
    }
    Diagnostics diags;
    check_galaxy(st.galaxy, pack, where, diags);
    if (diags.has_errors()) throw InputError(diags);

    bool standard_setup = !sc.fixed_map || !sc.starts.empty();
    if (standard_setup) check_homes(homes, st, pack, sc.empires.size(), where);
    bool fixed_order = !sc.order.empty();
    run_phases(rt, standard_setup ? "setup" : "setup_fixed", [&](lua_State* L) {
        lua_createtable(L, 0, 2);
        int t = lua_gettop(L);
        push_homes(L, homes);
        lua_setfield(L, t, "homes");
        set_field(L, t, "fixed_order", fixed_order);
    });

    // The scenario's explicit values win over what the set-up computed.
    for (const ScenarioEmpire& se : sc.empires) {
        Empire* e = st.find_empire(se.code);
        if (se.treasury) e->treasury = *se.treasury;
        if (se.balance) e->balance = *se.balance;
        if (se.vps) e->vps = *se.vps;
        if (se.base) e->base = se.base;
        if (se.home) e->home = se.home;
        for (const auto& [code, lvl] : se.techs)
            e->techs[code] = lvl;
    }
    if (sc.next_census) st.next_census = *sc.next_census;
    if (sc.points_target) st.points_target = *sc.points_target;
    st.normalise();
    return st;
}

}  // namespace hl
