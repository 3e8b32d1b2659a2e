#pragma once

// The engine's calls of a pack's Lua unit tests (docs/rule-tests.md "Lua unit tests"): a file
// tests/NAME.lua of the pack returns a table whose function values are its tests, by name.

#include <optional>
#include <string>
#include <vector>

#include "lua/runtime.hpp"

namespace hl {

// What a test file declares: its tests' names in sorted order, and the scenario (a path
// relative to the file's folder) and seed its tests start from; without a scenario, a test
// starts from an empty state of the pack's schema.
struct LuaTestList {
    std::vector<std::string> names;
    std::string scenario;
    std::optional<std::int64_t> seed;
};

// Lists the tests of `module` (a test file given to rt with Runtime::add_script). Throws
// ScriptError if the file fails or does not return a table of tests, or a declaration has the
// wrong type.
LuaTestList list_lua_tests(Runtime& rt, const std::string& module);

// Runs test `name` of `module` with a random stream of its own; throws ScriptError at the
// line of the assertion or error that failed.
void run_lua_test(Runtime& rt, const std::string& module, const std::string& name);

}  // namespace hl
