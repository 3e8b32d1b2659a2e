#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "core/diagnostics.hpp"
#include "core/state.hpp"

namespace hl {

class Pack;
class TomlView;

// The version of the state file layout this program writes and reads.
inline constexpr int kStateFormat = 1;

// The state as TOML text, byte-identical for equal states.
std::string state_to_toml(const GameState& state);

// Parses state text; every problem goes to diags with file:line:col. Kinds and techs are
// checked against the pack when one is given.
GameState state_from_toml(std::string_view text, const std::string& shown_name, const Pack* pack,
                          Diagnostics& diags);

// Reads the `systems = [...]` map (shared by state files and fixed-map scenarios) into galaxy.
void read_systems(TomlView& root, const Pack* pack, Galaxy& galaxy);

// Reads `[[holding]]` tables into st; owners must be among codes.
void read_holdings(TomlView& root, const std::set<std::string>& codes, GameState& st);

// Reads an [[empire]] table's code: three capital letters, not already in codes (then added).
// On a bad code reports it, marks the table read and returns nullopt.
std::optional<std::string> read_empire_code(TomlView& e, std::set<std::string>& codes);

// Reads `techs = { CODE = level }` into levels, checking codes and caps against the pack.
void read_tech_levels(TomlView& e, const Pack* pack, bool required,
                      std::map<std::string, int>& levels);

// Reads a system code under key that must name a system of the galaxy.
std::optional<SystemCode> read_known_system(TomlView& v, const char* key, const Galaxy& galaxy);

// Loads a state file; throws InputError with every problem found.
GameState load_state(const std::filesystem::path& path, const Pack* pack);

// Writes a state file atomically (temporary file, then rename).
void save_state(const std::filesystem::path& path, const GameState& state);

}  // namespace hl
