#include "lua/pack_tests.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "lua/convert.hpp"

namespace hl {

namespace {

// An error at the test file's `return` (its first line: a file has no line of its own).
ScriptError declaration_error(Runtime& rt, const std::string& module, std::string message) {
    auto src = rt.script_source(module);
    return ScriptError(LuaError{src ? src->chunk : module, 1, std::move(message), ""});
}

}  // namespace

LuaTestList list_lua_tests(Runtime& rt, const std::string& module) {
    lua_State* L = rt.host().L();
    StackGuard guard(L);
    if (auto err = rt.host().import(module)) throw ScriptError(*err);
    if (!lua_istable(L, -1))
        throw declaration_error(rt, module, "a test file returns a table of tests by name");
    LuaTestList out;
    const int t = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        // Keys are read as they are, never converted (lua_tostring would change the key in
        // place and break the walk).
        if (lua_type(L, -2) == LUA_TSTRING) {
            std::string key = lua_tostring(L, -2);
            if (lua_isfunction(L, -1)) {
                out.names.push_back(std::move(key));
            } else if (key == "scenario") {
                if (lua_type(L, -1) != LUA_TSTRING)
                    throw declaration_error(rt, module,
                                            "scenario: expected the path of a "
                                            "scenario file");
                out.scenario = lua_tostring(L, -1);
            } else if (key == "seed") {
                if (lua_type(L, -1) != LUA_TNUMBER || lua_tonumber(L, -1) < 0 ||
                    lua_tonumber(L, -1) != static_cast<double>(lua_tointeger(L, -1)))
                    throw declaration_error(rt, module, "seed: expected a whole number");
                out.seed = lua_tointeger(L, -1);
            } else {
                throw declaration_error(
                    rt, module,
                    fmt::format("'{}' is neither a test (a function), scenario nor seed", key));
            }
        } else {
            throw declaration_error(rt, module, "a test's name is a string");
        }
        lua_pop(L, 1);
    }
    std::sort(out.names.begin(), out.names.end());
    return out;
}

void run_lua_test(Runtime& rt, const std::string& module, const std::string& name) {
    rt.call(module, name, rt.key("test " + name), nullptr, 0);
}

}  // namespace hl
