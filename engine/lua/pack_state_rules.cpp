#include "lua/pack_state_rules.hpp"

#include <optional>

namespace hl {

std::vector<std::string> pack_state_problems(Runtime& rt) {
    std::vector<std::string> problems;
    std::optional<ScriptSource> script = rt.pack().script("state_rules");
    if (!script) return problems;
    rt.call("state_rules", "check", rt.key("state_rules"), nullptr, 1, [&](lua_State* L) {
        if (!lua_istable(L, -1))
            throw ScriptError(LuaError{script->chunk, 0,
                                       "state_rules.check must return a list of problems "
                                       "(strings)",
                                       ""});
        int n = static_cast<int>(lua_objlen(L, -1));
        for (int i = 1; i <= n; ++i) {
            lua_rawgeti(L, -1, i);
            if (lua_isstring(L, -1)) problems.emplace_back(lua_tostring(L, -1));
            lua_pop(L, 1);
        }
    });
    return problems;
}

}  // namespace hl
