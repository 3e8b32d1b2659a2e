#pragma once

// Helpers shared by the Catch2 tests: paths to test data and the source tree, loading packs,
// and temporary folders.

#include <filesystem>
#include <optional>
#include <string>

#include "core/diagnostics.hpp"
#include "lua/host.hpp"
#include "orders/action_registry.hpp"
#include "pack/pack.hpp"

namespace hl::test {

// tests/data in the source tree.
std::filesystem::path data_dir();
// The source tree's root.
std::filesystem::path source_dir();
// Loads a pack folder; fails the test with the diagnostics if it has errors.
Pack load_pack(const std::filesystem::path& dir);
// Loads rules/starchase.
const Pack& starchase();
// Loads rules/cosmos (seed 004, COSMOS Stellar Conflict).
const Pack& cosmos();
// A fresh empty folder under the system temp folder, unique per call.
std::filesystem::path temp_dir(const std::string& tag);
// All diagnostics of a list joined into one string, for matching in tests.
std::string joined(const Diagnostics& d);
// Reads a file into a string.
std::string slurp(const std::filesystem::path& p);
// The actions of rules/starchase, loaded once; fails the test on any problem.
const ActionRegistry& starchase_actions();
// Runs a chunk on host as the file `chunk` and returns its single result as a string ("" for
// nil, "true"/"false" for booleans), or "ERROR: message"; err, if given, gets the error.
std::string eval_lua(LuaHost& host, const std::string& code, const std::string& chunk,
                     std::optional<LuaError>* err = nullptr);
// Creates a game folder (turn 0) from a scenario file with seed 1 and returns its path.
std::filesystem::path make_game(const std::filesystem::path& scenario, const std::string& tag);

}  // namespace hl::test
