#include "game/state_rules.hpp"

#include "lua/runtime.hpp"

namespace hl {

Diagnostics check_state_rules(const Pack& pack, const GameState& state,
                              const std::string& shown_name) {
    Diagnostics d;
    if (!pack.script("state_rules")) return d;
    Runtime rt(pack, state);  // read only: a check never changes the state
    rt.call("state_rules", "check", rt.key("state_rules"), nullptr, 1, [&](lua_State* L) {
        if (!lua_istable(L, -1)) {
            d.error({pack.script("state_rules")->chunk, 0, 0},
                    "state_rules.check must return a list of problems (strings)");
            return;
        }
        int n = static_cast<int>(lua_objlen(L, -1));
        for (int i = 1; i <= n; ++i) {
            lua_rawgeti(L, -1, i);
            if (lua_isstring(L, -1)) d.error({shown_name, 0, 0}, lua_tostring(L, -1));
            lua_pop(L, 1);
        }
    });
    return d;
}

}  // namespace hl
