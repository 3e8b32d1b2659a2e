#include "lua/value_lua.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace hl {

namespace {

void push_scalar(lua_State* L, const Value& v, const ScalarSpec& s) {
    if (const auto* t = std::get_if<std::string>(&v)) {
        if (t->empty())
            lua_pushnil(L);
        else
            lua_pushlstring(L, t->data(), t->size());
        return;
    }
    std::int64_t i = std::get<std::int64_t>(v);
    if (i == kNone) {
        lua_pushnil(L);
        return;
    }
    switch (s.type) {
        case ScalarType::flag: lua_pushboolean(L, i != 0); break;
        case ScalarType::choice:
            if (i >= 0 && static_cast<std::size_t>(i) < s.choices.size())
                lua_pushstring(L, s.choices[static_cast<std::size_t>(i)].c_str());
            else
                lua_pushnil(L);
            break;
        default: lua_pushnumber(L, static_cast<lua_Number>(i)); break;
    }
}

[[noreturn]] void wrong(const FieldSpec& f, const char* kind, const std::string& what) {
    throw std::runtime_error(fmt::format("{}.{}: {}", kind, f.name, what));
}

Value scalar_from(lua_State* L, int idx, const FieldSpec& f, const ScalarSpec& s, bool optional,
                  const char* kind) {
    int t = lua_type(L, idx);
    bool clear = t == LUA_TNIL || (t == LUA_TBOOLEAN && !lua_toboolean(L, idx));
    switch (s.type) {
        case ScalarType::text:
        case ScalarType::empire:
            if (clear) {
                if (s.type == ScalarType::empire && !optional)
                    wrong(f, kind, "an empire code is needed");
                return std::string();
            }
            if (t != LUA_TSTRING) wrong(f, kind, "expected a string");
            {
                std::size_t len = 0;
                const char* p = lua_tolstring(L, idx, &len);
                return std::string(p, len);
            }
        case ScalarType::flag:
            if (t != LUA_TBOOLEAN) wrong(f, kind, "expected true or false");
            return std::int64_t{lua_toboolean(L, idx) ? 1 : 0};
        case ScalarType::choice: {
            if (clear && optional) return kNone;
            const char* word = t == LUA_TSTRING ? lua_tostring(L, idx) : nullptr;
            auto it = word ? std::find(s.choices.begin(), s.choices.end(), word) : s.choices.end();
            if (it == s.choices.end())
                wrong(f, kind, fmt::format("expected one of {}", fmt::join(s.choices, ", ")));
            return static_cast<std::int64_t>(it - s.choices.begin());
        }
        default: {
            if (clear && optional) return kNone;
            if (t != LUA_TNUMBER) wrong(f, kind, "expected a whole number");
            lua_Number n = lua_tonumber(L, idx);
            if (std::floor(n) != n || std::fabs(n) > 9.0e15)
                wrong(f, kind, "expected a whole number");
            return static_cast<std::int64_t>(n);
        }
    }
}

}  // namespace

void push_value(lua_State* L, const Value& v, const FieldSpec& f) {
    switch (f.shape) {
        case FieldShape::one: push_scalar(L, v, f.scalar); return;
        case FieldShape::list:
        case FieldShape::set: {
            if (const auto* l = std::get_if<IntList>(&v)) {
                lua_createtable(L, static_cast<int>(l->size()), 0);
                for (std::size_t i = 0; i < l->size(); ++i) {
                    push_scalar(L, (*l)[i], f.scalar);
                    lua_rawseti(L, -2, static_cast<int>(i + 1));
                }
            } else {
                const auto& l2 = std::get<TextList>(v);
                lua_createtable(L, static_cast<int>(l2.size()), 0);
                for (std::size_t i = 0; i < l2.size(); ++i) {
                    lua_pushlstring(L, l2[i].data(), l2[i].size());
                    lua_rawseti(L, -2, static_cast<int>(i + 1));
                }
            }
            return;
        }
        case FieldShape::map: {
            if (const auto* m = std::get_if<IntMap>(&v)) {
                lua_createtable(L, 0, static_cast<int>(m->size()));
                for (const auto& [k, i] : *m) {
                    push_scalar(L, i, f.scalar);
                    lua_setfield(L, -2, k.c_str());
                }
            } else {
                const auto& m2 = std::get<TextMap>(v);
                lua_createtable(L, 0, static_cast<int>(m2.size()));
                for (const auto& [k, s] : m2) {
                    lua_pushlstring(L, s.data(), s.size());
                    lua_setfield(L, -2, k.c_str());
                }
            }
            return;
        }
    }
}

Value lua_to_value(lua_State* L, int idx, const FieldSpec& f, const char* kind) {
    if (idx < 0) idx = lua_gettop(L) + idx + 1;
    switch (f.shape) {
        case FieldShape::one: return scalar_from(L, idx, f, f.scalar, f.optional, kind);
        case FieldShape::list:
        case FieldShape::set: {
            if (!lua_istable(L, idx)) wrong(f, kind, "expected an array");
            bool text = f.storage() == Storage::text_list;
            IntList ints;
            TextList texts;
            int n = static_cast<int>(lua_objlen(L, idx));
            for (int i = 1; i <= n; ++i) {
                lua_rawgeti(L, idx, i);
                Value item = scalar_from(L, -1, f, f.scalar, false, kind);
                lua_pop(L, 1);
                if (text)
                    texts.push_back(std::get<std::string>(item));
                else
                    ints.push_back(std::get<std::int64_t>(item));
            }
            if (f.shape == FieldShape::set) {
                std::sort(ints.begin(), ints.end());
                ints.erase(std::unique(ints.begin(), ints.end()), ints.end());
                std::sort(texts.begin(), texts.end());
                texts.erase(std::unique(texts.begin(), texts.end()), texts.end());
            }
            if (text) return texts;
            return ints;
        }
        case FieldShape::map: {
            if (!lua_istable(L, idx)) wrong(f, kind, "expected a table");
            bool text = f.storage() == Storage::text_map;
            IntMap ints;
            TextMap texts;
            lua_pushnil(L);
            while (lua_next(L, idx) != 0) {
                if (lua_type(L, -2) != LUA_TSTRING) wrong(f, kind, "map keys must be strings");
                std::string key = lua_tostring(L, -2);
                Value item = scalar_from(L, -1, f, f.scalar, false, kind);
                lua_pop(L, 1);
                if (text)
                    texts[key] = std::get<std::string>(item);
                else
                    ints[key] = std::get<std::int64_t>(item);
            }
            if (text) return texts;
            return ints;
        }
    }
    return std::int64_t{0};
}

}  // namespace hl
