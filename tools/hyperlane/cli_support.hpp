#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "core/diagnostics.hpp"
#include "pack/pack.hpp"

namespace hl::cli {

// Exit code for success.
inline constexpr int kExitOk = 0;
// Exit code for bad input (each problem printed as file:line:col: error: ...).
inline constexpr int kExitBadInput = 1;
// Exit code for an internal error.
inline constexpr int kExitInternal = 2;

// Loads a pack given as a path or as an id under the rules root; throws InputError.
Pack load_pack_or_throw(const std::string& spec);

// Finds a scenario given as a path or as a name under the source tree's scenarios/ folder.
std::filesystem::path resolve_scenario(const std::string& spec);

// Prints findings to stderr, one per line.
void print_diagnostics(const Diagnostics& diags);

// Reads a turnsheet file ("-" reads standard input); throws InputError if it cannot be read.
std::string read_sheet_or_throw(const std::string& file);

}  // namespace hl::cli
