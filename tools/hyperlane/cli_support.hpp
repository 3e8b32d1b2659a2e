#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "core/diagnostics.hpp"
#include "pack/pack.hpp"

namespace hl::cli {

// Exit code for success.
inline constexpr int kExitOk = 0;
// Exit code for bad input (each problem printed as file:line:col: error: ...).
inline constexpr int kExitBadInput = 1;
// Exit code for an internal error.
inline constexpr int kExitInternal = 2;

// The largest game seed: game files hold it as a signed 64-bit TOML integer.
inline constexpr std::uint64_t kMaxSeed = 9'223'372'036'854'775'807ULL;

// Validates a --seed value as written: a whole number from 0 to kMaxSeed.
CLI::Validator seed_validator();

// The most turns a game may have: a turnsheet's TURN line goes up to this.
inline constexpr int kMaxTurn = 999'999;

// Validates a --turn or --to value: a whole number from `first` to kMaxTurn.
CLI::Validator turn_range(int first);

// Loads a pack given as a path or as an id under the rules root; throws InputError.
Pack load_pack_or_throw(const std::string& spec);

// Finds a scenario given as a path or as a name under the source tree's scenarios/ folder.
std::filesystem::path resolve_scenario(const std::string& spec);

// Prints findings to stderr, one per line.
void print_diagnostics(const Diagnostics& diags);

// Reads a turnsheet file ("-" reads standard input) of at most kMaxTurnsheetBytes; throws
// InputError if it cannot be read or is longer.
std::string read_sheet_or_throw(const std::string& file);

// Reads a scenario file of at most kMaxScenarioBytes; throws InputError if it cannot be read or
// is longer.
std::string read_scenario_or_throw(const std::filesystem::path& path);

}  // namespace hl::cli
