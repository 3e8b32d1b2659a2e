#include "lua/script_limits.hpp"

#include <cstdint>

#include "lua/host.hpp"

namespace hl {

namespace {

thread_local std::uintptr_t t_stack_base = 0;

std::uintptr_t frame_address() {
    return reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
}

}  // namespace

CStackBase::CStackBase() {
    if (t_stack_base == 0) {
        t_stack_base = frame_address();
        set_ = true;
    }
}

CStackBase::~CStackBase() {
    if (set_) t_stack_base = 0;
}

void check_c_stack(lua_State* L) {
    std::uintptr_t here = frame_address();
    // The stack grows down on every platform the engine builds for.
    if (t_stack_base != 0 && here < t_stack_base &&
        t_stack_base - here > static_cast<std::uintptr_t>(kCStackLimit))
        luaL_error(L,
                   "calls nested too deeply through library or engine functions (string.gsub "
                   "callbacks, table.sort comparators, __tostring, coroutines, metamethods): "
                   "C stack overflow");
}

double steps_left(lua_State* L, int budget) {
    if (budget < 0 && budget > LUA_REGISTRYINDEX) budget = lua_gettop(L) + budget + 1;
    lua_rawgeti(L, budget, 2);
    lua_getupvalue(L, -1, 1);
    double left = lua_tonumber(L, -1);
    lua_pop(L, 2);
    return left;
}

void set_steps(lua_State* L, int budget, double left) {
    if (budget < 0 && budget > LUA_REGISTRYINDEX) budget = lua_gettop(L) + budget + 1;
    lua_rawgeti(L, budget, 2);
    lua_pushnumber(L, left);
    lua_setupvalue(L, -2, 1);
    lua_pop(L, 1);
}

void charge_steps(lua_State* L, int budget, double n) {
    double left = steps_left(L, budget) - n;
    set_steps(L, budget, left);
    if (left < 0) host_budget_stop(L);
}

bool innermost_script_frame(lua_State* L, std::string& chunk, int& line) {
    lua_Debug ar;
    for (int level = 0; level < 40 && lua_getstack(L, level, &ar); ++level) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0 || ar.source[0] != '@') continue;
        chunk = ar.source + 1;
        line = ar.currentline;
        return true;
    }
    return false;
}

}  // namespace hl
