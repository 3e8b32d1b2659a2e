#include "lua/pack_setup.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "lua/convert.hpp"
#include "pack/constant_limits.hpp"

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
        raw_field(L, t, k.c_str());
        switch (lua_type(L, -1)) {
            case LUA_TNUMBER: {
                // A whole number a place code can be: anything else would not convert.
                lua_Number n = lua_tonumber(L, -1);
                if (!(std::floor(n) == n && std::fabs(n) < 9.0e15))
                    throw ScriptError(LuaError{
                        chunk, 0,
                        fmt::format("start position key '{}': {} is not a whole number", k, n),
                        ""});
                slot.emplace_back(k, static_cast<std::int64_t>(n));
                break;
            }
            case LUA_TSTRING:
                slot.emplace_back(k, std::string(lua_tostring(L, -1)));
                break;
            case LUA_TBOOLEAN:
                slot.emplace_back(k, lua_toboolean(L, -1) != 0);
                break;
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

}  // namespace

std::vector<StartSlot> pack_generate_galaxy(Runtime& rt, const toml::table& given,
                                            std::size_t empires) {
    std::vector<StartSlot> starts;
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
        for (auto&& [k, node] : given) {
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
        lua_pushinteger(L, static_cast<int>(empires));
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

namespace {

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

}  // namespace

void pack_setup_game(Runtime& rt, const std::vector<StartSlot>& starts, bool fixed_order) {
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
}

}  // namespace hl
