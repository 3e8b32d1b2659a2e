#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
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

// The findings for a write the system refused (a full disk, no permission, a link): the file
// with the problem, then, unless `after` is empty, what the game is left at (at `game`).
Diagnostics write_failure(const std::string& file, const std::string& problem,
                          const std::string& game = "", const std::string& after = "");

// Calls `body`, a command that changes the game in folder `game`; a write the system refuses
// (FileError, std::filesystem::filesystem_error) is thrown as an InputError naming the file and
// the system's reason, then `after()`: what the game is left at ("the game is still at turn 3").
int guard_writes(const std::string& game, const std::function<int()>& body,
                 const std::function<std::string()>& after);

// What a command that changes a game says after a refused write: what it did not do, then the
// turn the game is at now ("... the game is still at turn 3", or "is at" when `still` is false).
std::string game_still_at(const std::filesystem::path& dir, const std::string& not_done,
                          bool still = true);

// Adds `--wait SECONDS` to a command that takes the game lock.
void add_wait_option(CLI::App* sub, int& seconds);

// Reads a turnsheet file ("-" reads standard input) of at most kMaxTurnsheetBytes; throws
// InputError if it cannot be read or is longer.
std::string read_sheet_or_throw(const std::string& file);

// Reads a scenario file of at most kMaxScenarioBytes; throws InputError if it cannot be read or
// is longer.
std::string read_scenario_or_throw(const std::filesystem::path& path);

// Refuses a GM name given as `option` (gm --name, new --gm-name) that is not a player name's
// shape (host/roster.hpp); throws InputError saying nothing was written.
void check_gm_name(const std::string& name, const std::string& option);

// Refuses a GM mail address given as `option` (gm --address, new --gm-address) that is neither
// empty nor a plain local@domain address; throws InputError saying nothing was written.
void check_gm_address(const std::string& address, const std::string& option);

}  // namespace hl::cli
