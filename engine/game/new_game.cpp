#include "game/new_game.hpp"

#include <set>

#include <fmt/format.h>

#include "core/rng.hpp"
#include "game/galaxy_check.hpp"
#include "lua/runtime.hpp"
#include "game/state_rules.hpp"
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

// Reads a start position table at the top of the stack: string keys with numbers (place codes),
// texts or flags.
StartSlot read_start(lua_State* L, const std::string& chunk) {
    StartSlot slot;
    int t = lua_gettop(L);
    if (!lua_istable(L, t))
        throw ScriptError(LuaError{chunk, 0, "each start position must be a table", ""});
    std::vector<std::string> keys;
    lua_pushnil(L);
    while (lua_next(L, t) != 0) {
        if (lua_type(L, -2) == LUA_TSTRING) keys.emplace_back(lua_tostring(L, -2));
        lua_pop(L, 1);
    }
    std::sort(keys.begin(), keys.end());
    for (const std::string& k : keys) {
        lua_getfield(L, t, k.c_str());
        switch (lua_type(L, -1)) {
            case LUA_TNUMBER:
                slot.emplace_back(k, static_cast<std::int64_t>(lua_tonumber(L, -1)));
                break;
            case LUA_TSTRING: slot.emplace_back(k, std::string(lua_tostring(L, -1))); break;
            case LUA_TBOOLEAN: slot.emplace_back(k, lua_toboolean(L, -1) != 0); break;
            default:
                throw ScriptError(LuaError{
                    chunk, 0,
                    fmt::format("start position key '{}': expected a number, text or flag", k),
                    ""});
        }
        lua_pop(L, 1);
    }
    return slot;
}

// Calls galaxy.generate(params, empire_count) and reads the start positions it returns. The
// params are the module's `params` defaults overridden by the scenario's [galaxy] values.
std::vector<StartSlot> generate_map(Runtime& rt, const Scenario& sc) {
    std::vector<StartSlot> starts;
    auto push_args = [&](lua_State* L) {
        if (auto err = rt.host().import("galaxy")) throw ScriptError(*err);
        int module = lua_gettop(L);
        lua_getfield(L, module, "params");
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
            lua_getfield(L, defaults, key.c_str());
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
            push_toml_value(L, node);
            lua_setfield(L, params, key.c_str());
        }
        if (diags.has_errors()) throw InputError(diags);
        lua_replace(L, module);
        lua_settop(L, module);
        lua_pushinteger(L, static_cast<int>(sc.empires.size()));
        return 2;
    };
    std::string chunk = rt.pack().script("galaxy")->chunk;
    auto read = [&](lua_State* L) {
        if (!lua_istable(L, -1))
            throw ScriptError(LuaError{chunk, 0,
                                       "galaxy.generate must return the list of start positions, "
                                       "one table each",
                                       ""});
        int t = lua_gettop(L);
        int n = static_cast<int>(lua_objlen(L, t));
        for (int i = 1; i <= n; ++i) {
            lua_rawgeti(L, t, i);
            starts.push_back(read_start(L, chunk));
            lua_pop(L, 1);
        }
    };
    rt.call("galaxy", "generate", rt.key("galaxy"), push_args, 1, read);
    return starts;
}

void push_starts(lua_State* L, const std::vector<StartSlot>& starts) {
    lua_createtable(L, static_cast<int>(starts.size()), 0);
    int t = lua_gettop(L);
    for (std::size_t i = 0; i < starts.size(); ++i) {
        lua_createtable(L, 0, static_cast<int>(starts[i].size()));
        int r = lua_gettop(L);
        for (const auto& [key, v] : starts[i]) {
            if (const auto* n = std::get_if<std::int64_t>(&v))
                push(L, *n);
            else if (const auto* s = std::get_if<std::string>(&v))
                push(L, *s);
            else
                push(L, std::get<bool>(v));
            lua_setfield(L, r, key.c_str());
        }
        lua_rawseti(L, t, static_cast<int>(i + 1));
    }
}

void check_starts(const std::vector<StartSlot>& starts, std::size_t empires,
                  const SourcePos& where) {
    if (starts.size() != empires)
        throw InputError(where, fmt::format("the map has {} start positions for {} empires",
                                            starts.size(), empires));
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
    GameState st = GameState::with_schema(pack.schema());
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
        st.add_empire(std::move(e));
        st.order_of_play.push_back(se.code);
    }
    if (!sc.order.empty()) st.order_of_play = sc.order;

    Runtime rt(pack, st);
    std::vector<StartSlot> starts;
    Diagnostics diags;
    if (sc.fixed_map) {
        st.galaxy = sc.map;
        starts = sc.starts;
        for (const GivenRecord& r : sc.records) {
            std::int64_t key = r.empire.empty() ? r.key : st.empire_index(r.empire);
            st.records.row(r.kind, key);
            apply_given(st, r.kind, key, r.fields, diags);
        }
    } else {
        starts = generate_map(rt, sc);
    }
    check_galaxy(st.galaxy, pack, where, diags);
    if (diags.has_errors()) throw InputError(diags);

    bool standard_setup = !sc.fixed_map || !starts.empty();
    if (standard_setup) check_starts(starts, sc.empires.size(), where);
    bool fixed_order = !sc.order.empty();
    rt.call(
        "turn", "setup", rt.key("setup"),
        [&](lua_State* L) {
            lua_createtable(L, 0, 2);
            int t = lua_gettop(L);
            push_starts(L, starts);
            lua_setfield(L, t, "starts");
            set_field(L, t, "fixed_order", fixed_order);
            return 1;
        },
        0);

    // The scenario's explicit values win over what the set-up computed.
    int empire_kind = st.schema().kind_index("empire");
    for (const ScenarioEmpire& se : sc.empires)
        if (empire_kind >= 0 && !se.fields.empty())
            apply_given(st, empire_kind, st.empire_index(se.code), se.fields, diags);
    if (const RecordKind* g = st.schema().kind_of_scope(RecordScope::game))
        apply_given(st, st.schema().kind_index(g->name), 0, sc.game, diags);
    if (diags.has_errors()) throw InputError(diags);
    st.normalise();
    Diagnostics broken = check_state_rules(pack, st, sc.file);
    if (broken.has_errors()) throw InputError(std::move(broken));
    return st;
}

}  // namespace hl
