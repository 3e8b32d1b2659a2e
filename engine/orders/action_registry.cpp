#include "orders/action_registry.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "lua/runtime.hpp"
#include "lua/convert.hpp"
#include "orders/turnsheet_parser.hpp"

namespace hl {

namespace {

std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

std::string field_string(lua_State* L, int t, const char* key) {
    raw_field(L, t, key);
    std::string v = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
    lua_pop(L, 1);
    return v;
}

// Reads a box spec such as "system" or "system?" from field key of the format at index f.
bool read_box(lua_State* L, int f, const char* key, BoxSpec& spec, std::string& error) {
    raw_field(L, f, key);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        spec = BoxSpec{};
        return true;
    }
    if (lua_type(L, -1) != LUA_TSTRING) {
        lua_pop(L, 1);
        error = fmt::format("format box '{}' must be a string like \"system\" or \"count?\"", key);
        return false;
    }
    std::string text = lua_tostring(L, -1);
    lua_pop(L, 1);
    bool optional = !text.empty() && text.back() == '?';
    if (optional) text.pop_back();
    auto type = parse_box_type(text);
    if (!type) {
        error = fmt::format(
            "format box '{}': unknown box type '{}' (none, system, empire, tech, "
            "count, amount, level; add ? for optional)",
            key, text);
        return false;
    }
    if (*type == BoxType::none && optional) {
        error = fmt::format("format box '{}': \"none?\" makes no sense", key);
        return false;
    }
    spec = BoxSpec{*type, optional};
    return true;
}

}  // namespace

ActionRegistry ActionRegistry::load(Runtime& rt, Diagnostics& diags) {
    ActionRegistry reg;
    lua_State* L = rt.host().L();
    for (const std::string& module : rt.pack().script_names()) {
        if (module.rfind("actions/", 0) != 0) continue;
        StackGuard guard(L);
        std::string chunk = rt.pack().script(module)->chunk;
        if (auto err = rt.host().import(module)) {
            diags.error({err->chunk, err->line, 0}, err->message);
            continue;
        }
        int t = lua_gettop(L);
        auto fail = [&](const std::string& msg) { diags.error({chunk, 0, 0}, msg); };
        ActionDef def;
        def.module = module;
        def.name = field_string(L, t, "name");
        if (def.name.empty() || upper(def.name) != def.name ||
            !std::all_of(def.name.begin(), def.name.end(),
                         [](char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); })) {
            fail("an action module must set name = \"NAME\" (capital letters and digits)");
            continue;
        }
        def.rule = field_string(L, t, "rule");
        def.cost = field_string(L, t, "cost");
        def.summary = field_string(L, t, "summary");
        raw_field(L, t, "once_per_turn");
        def.once_per_turn = lua_toboolean(L, -1) != 0;
        lua_pop(L, 1);
        raw_field(L, t, "exclusive_with");
        if (lua_istable(L, -1)) {
            int n = static_cast<int>(lua_objlen(L, -1));
            for (int i = 1; i <= n; ++i) {
                lua_rawgeti(L, -1, i);
                if (lua_type(L, -1) == LUA_TSTRING)
                    def.exclusive_with.push_back(lua_tostring(L, -1));
                lua_pop(L, 1);
            }
        }
        lua_pop(L, 1);
        bool hooks_ok = true;
        for (const char* hook : {"check", "estimate"}) {
            raw_field(L, t, hook);
            if (!lua_isnil(L, -1) && !lua_isfunction(L, -1)) {
                fail(fmt::format("action {}: {} must be a function (order, ctx)", def.name, hook));
                hooks_ok = false;
            }
            lua_pop(L, 1);
        }
        if (!hooks_ok) continue;
        raw_field(L, t, "formats");
        if (!lua_istable(L, -1) || lua_objlen(L, -1) == 0) {
            fail(fmt::format("action {}: formats must list at least one format", def.name));
            continue;
        }
        int formats = lua_gettop(L);
        int n = static_cast<int>(lua_objlen(L, formats));
        bool ok = true;
        for (int i = 1; i <= n && ok; ++i) {
            lua_rawgeti(L, formats, i);
            int f = lua_gettop(L);
            ActionFormat fmt_;
            std::string error;
            if (!lua_istable(L, f) || !read_box(L, f, "from", fmt_.from, error) ||
                !read_box(L, f, "to", fmt_.to, error) ||
                !read_box(L, f, "number", fmt_.number, error)) {
                fail(fmt::format("action {} format {}: {}", def.name, i,
                                 error.empty() ? "must be a table" : error));
                ok = false;
            } else {
                raw_field(L, f, "blank_number_in_last_slot");
                fmt_.blank_number_in_last_slot = lua_toboolean(L, -1) != 0;
                lua_pop(L, 1);
                fmt_.help = field_string(L, f, "help");
                def.formats.push_back(fmt_);
            }
            lua_settop(L, formats);
        }
        if (!ok) continue;
        if (std::find(std::begin(kTurnsheetKeywords), std::end(kTurnsheetKeywords), def.name) !=
            std::end(kTurnsheetKeywords)) {
            fail(fmt::format("action {}: the name is a turnsheet keyword; choose another name",
                             def.name));
            continue;
        }
        if (reg.actions_.count(def.name)) {
            fail(fmt::format("action {} is declared twice (also in {})", def.name,
                             reg.actions_.at(def.name).module));
            continue;
        }
        reg.actions_[def.name] = std::move(def);
    }
    for (const auto& [name, def] : reg.actions_)
        for (const std::string& other : def.exclusive_with)
            if (!reg.actions_.count(other))
                diags.error({rt.pack().script(def.module)->chunk, 0, 0},
                            fmt::format("action {}: exclusive_with names unknown action '{}'", name,
                                        other));
    return reg;
}

const ActionDef* ActionRegistry::find(std::string_view name) const {
    auto it = actions_.find(upper(name));
    return it == actions_.end() ? nullptr : &it->second;
}

int ActionRegistry::format_count() const {
    int n = 0;
    for (const auto& [name, def] : actions_)
        n += static_cast<int>(def.formats.size());
    return n;
}

}  // namespace hl
