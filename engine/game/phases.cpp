#include "game/phases.hpp"

#include <fmt/format.h>

#include "lua/convert.hpp"

namespace hl {

namespace {

std::vector<std::string> phase_names(const Pack& pack, const std::string& list) {
    std::vector<std::string> names;
    const toml::node* n = pack.constant("phases." + list);
    if (!n) return names;
    if (const toml::array* a = n->as_array())
        for (const auto& v : *a)
            if (auto s = v.value_exact<std::string>()) names.push_back(*s);
    return names;
}

}  // namespace

void run_phases(Runtime& rt, const std::string& list,
                const std::function<void(lua_State*)>& push_info,
                const std::function<void(const std::string&)>& after_each) {
    lua_State* L = rt.host().L();
    for (const std::string& name : phase_names(rt.pack(), list)) {
        std::string module = "phases/" + name;
        std::string scope;
        {
            StackGuard guard(L);
            if (!rt.pack().script(module))
                throw ScriptError(LuaError{"", 0,
                                           fmt::format("phase list '{}' names phase '{}', but "
                                                       "the pack has no {}.lua",
                                                       list, name, module),
                                           ""});
            if (auto err = rt.host().import(module)) throw ScriptError(*err);
            raw_field(L, -1, "scope");
            scope = lua_isstring(L, -1) ? lua_tostring(L, -1) : "";
        }
        if (scope != "empire" && scope != "game")
            throw ScriptError(LuaError{rt.pack().script(module)->chunk, 0,
                                       "a phase module must set scope = \"empire\" or \"game\"",
                                       ""});
        auto args = [&](lua_State* Ls, const std::string& empire) {
            if (empire.empty())
                lua_pushnil(Ls);
            else
                push(Ls, empire);
            if (push_info)
                push_info(Ls);
            else
                lua_newtable(Ls);
            return 2;
        };
        if (scope == "game") {
            rt.call(
                module, "run", rt.key("phase:" + name), [&](lua_State* Ls) { return args(Ls, ""); },
                0);
            if (after_each) after_each(module);
            continue;
        }
        std::vector<std::string> order = rt.state().order_of_play;
        for (const std::string& emp : order) {
            const Empire* e = rt.state().find_empire(emp);
            if (!e || e->eliminated) continue;
            rt.call(
                module, "run", rt.key("phase:" + name, emp),
                [&](lua_State* Ls) { return args(Ls, emp); }, 0);
            if (after_each) after_each(module);
        }
    }
}

}  // namespace hl
