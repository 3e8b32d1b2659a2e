#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "pack/pack.hpp"

namespace hl {

// One test of a Lua test file and how it went: `failure` is empty when it passed, else the
// error at the line that failed (`tests/growth.lua:12: error: expected 51, got 52` and the
// traceback).
struct LuaTestOutcome {
    std::string name;
    std::string failure;
};

// What one Lua test file of a pack found: each test's outcome, in name order, or the problem that
// kept its tests from running (the file cannot be read or fails, its scenario cannot be made).
struct LuaTestFileOutcome {
    std::vector<LuaTestOutcome> tests;
    std::string stopped;
    // True if the file's tests ran and every one passed.
    bool passed() const;
};

// Runs the tests of a pack's Lua test file (docs/rule-tests.md "Lua unit tests"), each on a fresh
// game: the scenario the file names, made with `pack`, or an empty state of the pack's schema.
// Never throws for what the file or the pack holds.
LuaTestFileOutcome run_lua_test_file(const Pack& pack, const std::filesystem::path& file);

// The Lua test files of a pack: PACK/tests/*.lua, sorted by name.
std::vector<std::filesystem::path> lua_test_files(const std::filesystem::path& pack_dir);

}  // namespace hl
