#pragma once

#include <filesystem>
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

// Reads a system code under key that must name a system of the galaxy.
std::optional<SystemCode> read_known_system(TomlView& v, const char* key, const Galaxy& galaxy);

// Loads a state file; throws InputError with every problem found.
GameState load_state(const std::filesystem::path& path, const Pack* pack);

// Writes a state file atomically (temporary file, then rename).
void save_state(const std::filesystem::path& path, const GameState& state);

}  // namespace hl
