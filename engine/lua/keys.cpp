#include "lua/keys.hpp"

namespace hl {

void push_key_tables(lua_State* L, const char* const* names, int n) {
    lua_createtable(L, n, 0);
    int by_index = lua_gettop(L);
    lua_createtable(L, 0, n);
    int by_name = lua_gettop(L);
    for (int i = 0; i < n; ++i) {
        lua_pushstring(L, names[i]);
        lua_pushvalue(L, -1);
        lua_rawseti(L, by_index, i + 1);
        lua_pushinteger(L, i + 1);
        lua_rawset(L, by_name);
    }
}

}  // namespace hl
