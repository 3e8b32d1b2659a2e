#include "lua/lua_json.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace hl {

namespace {

using json = nlohmann::ordered_json;

json convert(lua_State* L, int idx, int depth) {
    if (depth > 32) throw std::runtime_error("outcome record nested too deeply (or a cycle)");
    switch (lua_type(L, idx)) {
        case LUA_TNIL:
        case LUA_TNONE:
            return nullptr;
        case LUA_TBOOLEAN:
            return lua_toboolean(L, idx) != 0;
        case LUA_TNUMBER: {
            lua_Number n = lua_tonumber(L, idx);
            if (std::floor(n) == n && std::fabs(n) < 9.0e15) return static_cast<std::int64_t>(n);
            return n;
        }
        case LUA_TSTRING: {
            std::size_t len = 0;
            const char* s = lua_tolstring(L, idx, &len);
            return std::string(s, len);
        }
        case LUA_TTABLE:
            break;
        default:
            throw std::runtime_error(
                fmt::format("outcome records cannot hold a {}", lua_typename(L, lua_type(L, idx))));
    }
    int t = idx > 0 ? idx : lua_gettop(L) + idx + 1;
    // Collect keys; decide array or object.
    std::vector<std::pair<std::string, int>> str_keys;  // key text, 0
    std::vector<lua_Number> num_keys;
    lua_pushnil(L);
    while (lua_next(L, t) != 0) {
        lua_pop(L, 1);
        if (lua_type(L, -1) == LUA_TSTRING)
            str_keys.emplace_back(lua_tostring(L, -1), 0);
        else if (lua_type(L, -1) == LUA_TNUMBER)
            num_keys.push_back(lua_tonumber(L, -1));
        else
            throw std::runtime_error("outcome record keys must be strings or numbers");
    }
    std::sort(num_keys.begin(), num_keys.end());
    bool is_array = str_keys.empty() && !num_keys.empty();
    for (std::size_t i = 0; is_array && i < num_keys.size(); ++i)
        if (num_keys[i] != static_cast<lua_Number>(i + 1)) is_array = false;
    if (is_array) {
        json arr = json::array();
        for (std::size_t i = 1; i <= num_keys.size(); ++i) {
            lua_rawgeti(L, t, static_cast<int>(i));
            arr.push_back(convert(L, -1, depth + 1));
            lua_pop(L, 1);
        }
        return arr;
    }
    std::vector<std::pair<std::string, lua_Number>> keys;  // text, number (for numeric keys)
    for (auto& k : str_keys)
        keys.emplace_back(k.first, 0);
    std::vector<std::string> num_text;
    for (lua_Number n : num_keys) {
        std::string text = std::floor(n) == n ? fmt::format("{}", static_cast<std::int64_t>(n))
                                              : fmt::format("{}", n);
        num_text.push_back(text);
    }
    std::sort(keys.begin(), keys.end());
    json obj = json::object();
    for (std::size_t i = 0; i < num_keys.size(); ++i) {
        lua_pushnumber(L, num_keys[i]);
        lua_rawget(L, t);
        obj[num_text[i]] = convert(L, -1, depth + 1);
        lua_pop(L, 1);
    }
    for (const auto& k : keys) {
        lua_getfield(L, t, k.first.c_str());
        obj[k.first] = convert(L, -1, depth + 1);
        lua_pop(L, 1);
    }
    return obj;
}

}  // namespace

json lua_to_json(lua_State* L, int idx) {
    return convert(L, idx, 0);
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
