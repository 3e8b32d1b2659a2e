// table.sort, insert, remove and concat for the sandbox: LuaJIT's own, after refusing
// read-only tables, checking the C stack (sort's comparator may sort) and charging the work.

#include <cmath>

#include "lua/lib_sandbox.hpp"
#include "lua/read_only.hpp"
#include "lua/script_limits.hpp"

namespace hl {

namespace {

constexpr int kBudget = lua_upvalueindex(1);
constexpr int kOriginal = lua_upvalueindex(2);
constexpr int kName = lua_upvalueindex(3);

// Refuses a read-only table as the first argument.
void check_writable(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    if (is_read_only(L, 1))
        luaL_error(L, "table.%s: %s is read-only", lua_tostring(L, kName),
                   read_only_name(L, 1).c_str());
}

// Calls the original with this call's arguments; argument errors name the function.
int call_original(lua_State* L, int nresults) {
    int n = lua_gettop(L);
    lua_pushvalue(L, kOriginal);
    lua_insert(L, 1);
    if (lua_pcall(L, n, nresults, 0) != 0) return rethrow_named(L, lua_tostring(L, kName));
    return lua_gettop(L);
}

// table.sort(t [, less]): n log n steps before sorting.
int l_sort(lua_State* L) {
    check_writable(L);
    if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
    check_c_stack(L);
    double n = static_cast<double>(lua_objlen(L, 1));
    charge_steps(L, kBudget, n * (1 + std::log2(n + 1)) / 8);
    // Errors of the comparator keep their own place: no protected call here.
    int top = lua_gettop(L);
    lua_pushvalue(L, kOriginal);
    lua_insert(L, 1);
    lua_call(L, top, 0);
    return 0;
}

// table.insert(t, [pos,] v): a shift of the elements after pos is charged.
int l_insert(lua_State* L) {
    check_writable(L);
    if (lua_gettop(L) >= 3) charge_steps(L, kBudget, static_cast<double>(lua_objlen(L, 1)) / 8);
    return call_original(L, LUA_MULTRET);
}

// table.remove(t [, pos]): a shift of the elements after pos is charged.
int l_remove(lua_State* L) {
    check_writable(L);
    if (lua_gettop(L) >= 2) charge_steps(L, kBudget, static_cast<double>(lua_objlen(L, 1)) / 8);
    return call_original(L, LUA_MULTRET);
}

// table.concat(t [, sep [, i [, j]]]): charged for the length of its result.
int l_concat(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    call_original(L, 1);
    charge_steps(L, kBudget, 1 + static_cast<double>(lua_objlen(L, -1)) / kBytesPerStep);
    return 1;
}

}  // namespace

void install_guarded_table(lua_State* L, int budget) {
    budget = budget > 0 ? budget : lua_gettop(L) + budget + 1;
    lua_getfield(L, LUA_GLOBALSINDEX, "table");
    int t = lua_gettop(L);
    const struct {
        const char* name;
        lua_CFunction fn;
    } fns[] = {{"sort", l_sort}, {"insert", l_insert}, {"remove", l_remove}, {"concat", l_concat}};
    for (const auto& f : fns) {
        lua_pushvalue(L, budget);
        lua_getfield(L, t, f.name);
        lua_pushstring(L, f.name);
        lua_pushcclosure(L, f.fn, 3);
        lua_setfield(L, t, f.name);
    }
    lua_pop(L, 1);
}

}  // namespace hl
