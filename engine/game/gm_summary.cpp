#include "game/gm_summary.hpp"

#include "lua/runtime.hpp"

namespace hl {

std::vector<std::string> gm_summary(const Pack& pack, const GameState& state) {
    std::vector<std::string> lines;
    if (!pack.script("report")) return lines;
    Runtime rt(pack, state);  // read only: a view never changes the state
    if (!rt.has_function("report", "gm_summary")) return lines;
    rt.call("report", "gm_summary", rt.key("gm_summary"), nullptr, 1, [&](lua_State* L) {
        if (!lua_istable(L, -1)) return;
        int n = static_cast<int>(lua_objlen(L, -1));
        for (int i = 1; i <= n; ++i) {
            lua_rawgeti(L, -1, i);
            if (lua_type(L, -1) == LUA_TSTRING) lines.emplace_back(lua_tostring(L, -1));
            lua_pop(L, 1);
        }
    });
    return lines;
}

}  // namespace hl
