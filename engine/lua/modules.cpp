#include "lua/modules.hpp"

#include "lua/convert.hpp"

namespace hl {

GameState& need_state(lua_State* L) {
    GameState* s = LuaHost::from(L).context().state;
    if (!s) luaL_error(L, "no game state is available to this script here");
    return *s;
}

GameState& need_state_to_change(lua_State* L) {
    const ScriptContext& ctx = LuaHost::from(L).context();
    if (ctx.read_only && ctx.state)
        luaL_error(L, "this script may read the game state but not change it here");
    return need_state(L);
}

const Pack& need_pack(lua_State* L) {
    const Pack* p = LuaHost::from(L).context().pack;
    if (!p) luaL_error(L, "no rules pack is available to this script here");
    return *p;
}

Rng& need_rng(lua_State* L) {
    Rng* r = LuaHost::from(L).context().rng;
    if (!r) luaL_error(L, "no random stream is available to this script here");
    return *r;
}

void open_engine_modules(lua_State* L) {
    luaopen_galaxy(L);
    luaopen_rng(L);
    luaopen_state(L);
    luaopen_battle(L);
}

}  // namespace hl
