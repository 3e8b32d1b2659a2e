// The global `rules` table: a pack's constants, techs and place kinds as plain Lua data.

#include <fmt/format.h>

#include "lua/convert.hpp"
#include "lua/modules.hpp"
#include "lua/read_only.hpp"
#include "lua/value_lua.hpp"
#include "pack/pack.hpp"

namespace hl {

namespace {

void push_toml(lua_State* L, const toml::node& n);

void push_toml_table(lua_State* L, const toml::table& t) {
    lua_createtable(L, 0, static_cast<int>(t.size()));
    int idx = lua_gettop(L);
    for (auto&& [k, v] : t) {
        push_toml(L, v);
        lua_setfield(L, idx, std::string(k.str()).c_str());
    }
}

void push_toml(lua_State* L, const toml::node& n) {
    if (auto* t = n.as_table()) {
        push_toml_table(L, *t);
    } else if (auto* a = n.as_array()) {
        lua_createtable(L, static_cast<int>(a->size()), 0);
        int idx = lua_gettop(L);
        for (std::size_t i = 0; i < a->size(); ++i) {
            push_toml(L, (*a)[i]);
            lua_rawseti(L, idx, static_cast<int>(i + 1));
        }
    } else if (auto s = n.value_exact<std::string>()) {
        push(L, *s);
    } else if (auto i = n.value_exact<std::int64_t>()) {
        push(L, *i);
    } else if (auto d = n.value_exact<double>()) {
        lua_pushnumber(L, *d);
    } else if (auto b = n.value_exact<bool>()) {
        push(L, *b);
    } else {
        lua_pushnil(L);  // dates and times have no meaning in rules
    }
}

void push_tech(lua_State* L, const TechDef& def) {
    lua_createtable(L, 0, 6);
    int t = lua_gettop(L);
    set_field(L, t, "code", def.code);
    set_field(L, t, "name", def.name);
    set_field(L, t, "meaning", def.meaning);
    set_field(L, t, "rule", def.rule);
    set_field(L, t, "start", def.start);
    if (def.cap) set_field(L, t, "cap", *def.cap);
}

void push_kind(lua_State* L, const KindDef& def, const Schema& schema) {
    lua_createtable(L, 0, 3 + static_cast<int>(schema.kind_fields.size()));
    int t = lua_gettop(L);
    set_field(L, t, "code", def.code);
    set_field(L, t, "name", def.name);
    set_field(L, t, "inner", def.inner);
    for (std::size_t i = 0; i < schema.kind_fields.size() && i < def.fields.size(); ++i) {
        push_value(L, def.fields[i], schema.kind_fields[i]);
        lua_setfield(L, t, schema.kind_fields[i].name.c_str());
    }
}

}  // namespace

void install_rules_table(lua_State* L, const Pack& pack) {
    lua_createtable(L, 0, 6);
    int rules = lua_gettop(L);
    push_toml_table(L, pack.constants());
    lua_setfield(L, rules, "const");

    lua_createtable(L, static_cast<int>(pack.techs().size()), 0);
    int list = lua_gettop(L);
    lua_createtable(L, 0, static_cast<int>(pack.techs().size()));
    int by_code = lua_gettop(L);
    for (std::size_t i = 0; i < pack.techs().size(); ++i) {
        push_tech(L, pack.techs()[i]);
        lua_pushvalue(L, -1);
        lua_rawseti(L, list, static_cast<int>(i + 1));
        lua_setfield(L, by_code, pack.techs()[i].code.c_str());
    }
    lua_setfield(L, rules, "tech");
    lua_setfield(L, rules, "techs");

    lua_createtable(L, static_cast<int>(pack.kinds().size()), 0);
    list = lua_gettop(L);
    lua_createtable(L, 0, static_cast<int>(pack.kinds().size()));
    by_code = lua_gettop(L);
    for (std::size_t i = 0; i < pack.kinds().size(); ++i) {
        push_kind(L, pack.kinds()[i], *pack.schema());
        lua_pushvalue(L, -1);
        lua_rawseti(L, list, static_cast<int>(i + 1));
        lua_setfield(L, by_code, pack.kinds()[i].code.c_str());
    }
    lua_setfield(L, rules, "kind");
    lua_setfield(L, rules, "kinds");

    lua_createtable(L, 0, 5);
    int meta = lua_gettop(L);
    set_field(L, meta, "id", pack.top().id);
    set_field(L, meta, "name", pack.top().name);
    set_field(L, meta, "version", pack.top().version);
    // The pack's modules (names for import, sorted) and the file of each, for messages.
    std::vector<std::string> modules = pack.script_names();
    push_strings(L, modules);
    lua_setfield(L, meta, "modules");
    lua_createtable(L, 0, static_cast<int>(modules.size()));
    for (const std::string& m : modules) {
        push(L, pack.script_chunk(m));
        lua_setfield(L, -2, m.c_str());
    }
    lua_setfield(L, meta, "files");
    lua_setfield(L, rules, "pack");

    // Shared by every script of the game: read-only in fact (lua/read_only.hpp).
    push_frozen(L, rules, "rules");
    lua_remove(L, rules);
    lua_pushstring(L, "rules");
    lua_insert(L, -2);
    lua_rawset(L, LUA_GLOBALSINDEX);
}

}  // namespace hl
