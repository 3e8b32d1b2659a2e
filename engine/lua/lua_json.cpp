#include "lua/lua_json.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

namespace hl {

namespace {

using json = nlohmann::ordered_json;

// One step of the path to the value being converted, turned into text only for an error.
struct PathStep {
    enum Kind { kIndex, kNumberKey, kStringKey } kind;
    std::size_t index = 0;  // kIndex: 1-based position in an array
    lua_Number number = 0;  // kNumberKey
    std::string_view key;   // kStringKey: the key's bytes, owned by the table being read
};

// The text of a number key as objects name it: whole numbers without a fraction.
std::string number_text(lua_Number n) {
    return std::floor(n) == n && std::fabs(n) < 9.0e15
               ? fmt::format("{}", static_cast<std::int64_t>(n))
               : fmt::format("{}", n);
}

// One conversion: the budget, the tables on the current path (to find cycles) and the path.
struct Converter {
    lua_State* L;
    JsonBudget& budget;
    std::vector<const void*> open;
    std::vector<PathStep> path;

    [[noreturn]] void fail(const std::string& what) const {
        std::string where;
        for (const PathStep& step : path) {
            std::string p = step.kind == PathStep::kIndex ? fmt::format("[{}]", step.index)
                            : step.kind == PathStep::kNumberKey
                                ? "[" + number_text(step.number) + "]"
                                : std::string(step.key);
            where += (where.empty() || p[0] == '[') ? p : "." + p;
        }
        throw std::runtime_error(where.empty() ? what : where + ": " + what);
    }

    void spend(std::size_t bytes) {
        budget.values -= 1;
        budget.bytes -= static_cast<std::int64_t>(bytes);
        if (budget.values < 0)
            fail("too many values (a table reached through several fields counts each time)");
        if (budget.bytes < 0) fail("too much text");
    }

    json convert(int idx);
    json convert_table(int t);
};

json Converter::convert(int idx) {
    switch (lua_type(L, idx)) {
        case LUA_TNIL:
        case LUA_TNONE:
            spend(0);
            return nullptr;
        case LUA_TBOOLEAN:
            spend(0);
            return lua_toboolean(L, idx) != 0;
        case LUA_TNUMBER: {
            spend(0);
            lua_Number n = lua_tonumber(L, idx);
            if (std::floor(n) == n && std::fabs(n) < 9.0e15) return static_cast<std::int64_t>(n);
            return n;
        }
        case LUA_TSTRING: {
            std::size_t len = 0;
            const char* s = lua_tolstring(L, idx, &len);
            spend(len);
            return std::string(s, len);
        }
        case LUA_TTABLE:
            break;
        default:
            fail(fmt::format("records cannot hold a {}", lua_typename(L, lua_type(L, idx))));
    }
    int t = idx > 0 ? idx : lua_gettop(L) + idx + 1;
    const void* id = lua_topointer(L, t);
    if (std::find(open.begin(), open.end(), id) != open.end())
        fail("a table contains itself (a cycle); records must be plain trees of data");
    if (open.size() >= 32) fail("tables nested deeper than 32");
    open.push_back(id);
    json out = convert_table(t);
    open.pop_back();
    return out;
}

json Converter::convert_table(int t) {
    spend(0);
    // Collect keys; decide array or object. String keys stay Lua's own bytes: the table holds
    // them, and nothing here runs Lua code or changes the table.
    std::vector<std::string_view> str_keys;
    std::vector<lua_Number> num_keys;
    lua_pushnil(L);
    while (lua_next(L, t) != 0) {
        lua_pop(L, 1);
        if (lua_type(L, -1) == LUA_TSTRING) {
            std::size_t len = 0;
            const char* k = lua_tolstring(L, -1, &len);
            spend(len);
            str_keys.emplace_back(k, len);
        } else if (lua_type(L, -1) == LUA_TNUMBER) {
            num_keys.push_back(lua_tonumber(L, -1));
        } else {
            fail("record keys must be strings or numbers");
        }
    }
    std::sort(num_keys.begin(), num_keys.end());
    bool is_array = str_keys.empty() && !num_keys.empty();
    for (std::size_t i = 0; is_array && i < num_keys.size(); ++i)
        if (num_keys[i] != static_cast<lua_Number>(i + 1)) is_array = false;
    if (is_array) {
        json arr = json::array();
        json::array_t& items = arr.get_ref<json::array_t&>();
        items.reserve(num_keys.size());
        path.push_back(PathStep{PathStep::kIndex, 0, 0, {}});
        for (std::size_t i = 1; i <= num_keys.size(); ++i) {
            lua_rawgeti(L, t, static_cast<int>(i));
            path.back().index = i;
            items.push_back(convert(lua_gettop(L)));
            lua_pop(L, 1);
        }
        path.pop_back();
        return arr;
    }
    std::sort(str_keys.begin(), str_keys.end());
    json obj = json::object();
    // Keys are distinct within each kind, so members are appended without the ordered map's
    // linear search; a number key and a string key may give the same text ("1"), and then the
    // later one replaces the earlier as before.
    const bool distinct = num_keys.empty() || str_keys.empty();
    json::object_t& members = obj.get_ref<json::object_t&>();
    auto add = [&](std::string key, json value) {
        if (distinct)
            members.json::object_t::Container::emplace_back(std::move(key), std::move(value));
        else
            obj[key] = std::move(value);
    };
    if (distinct) members.reserve(num_keys.size() + str_keys.size());
    for (lua_Number n : num_keys) {
        lua_pushnumber(L, n);
        lua_rawget(L, t);
        path.push_back(PathStep{PathStep::kNumberKey, 0, n, {}});
        json value = convert(lua_gettop(L));
        path.pop_back();
        add(number_text(n), std::move(value));
        lua_pop(L, 1);
    }
    for (std::string_view k : str_keys) {
        lua_pushlstring(L, k.data(), k.size());
        lua_rawget(L, t);
        path.push_back(PathStep{PathStep::kStringKey, 0, 0, k});
        json value = convert(lua_gettop(L));
        path.pop_back();
        add(std::string(k), std::move(value));
        lua_pop(L, 1);
    }
    return obj;
}

}  // namespace

json lua_to_json(lua_State* L, int idx, JsonBudget& budget) {
    Converter c{L, budget, {}, {}};
    return c.convert(idx > 0 ? idx : lua_gettop(L) + idx + 1);
}

json lua_to_json(lua_State* L, int idx) {
    JsonBudget budget;
    return lua_to_json(L, idx, budget);
}

void push_json(lua_State* L, const json& j) {
    if (j.is_null()) {
        lua_pushnil(L);
    } else if (j.is_boolean()) {
        lua_pushboolean(L, j.get<bool>() ? 1 : 0);
    } else if (j.is_number_integer()) {
        lua_pushnumber(L, static_cast<lua_Number>(j.get<std::int64_t>()));
    } else if (j.is_number()) {
        lua_pushnumber(L, j.get<double>());
    } else if (j.is_string()) {
        const std::string& s = j.get_ref<const std::string&>();
        lua_pushlstring(L, s.data(), s.size());
    } else if (j.is_array()) {
        lua_createtable(L, static_cast<int>(j.size()), 0);
        int i = 0;
        for (const auto& v : j) {
            push_json(L, v);
            lua_rawseti(L, -2, ++i);
        }
    } else {
        lua_createtable(L, 0, static_cast<int>(j.size()));
        for (const auto& [k, v] : j.items()) {
            push_json(L, v);
            lua_setfield(L, -2, k.c_str());
        }
    }
}

}  // namespace hl
