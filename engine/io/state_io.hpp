#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "core/diagnostics.hpp"
#include "core/state.hpp"

namespace hl {

class TomlView;

// The version of the state file layout this program writes and reads.
inline constexpr int kStateFormat = 2;

// The state as TOML text, byte-identical for equal states: what every game has, the map, then
// each record kind of the schema in declaration order (docs/state.md).
std::string state_to_toml(const GameState& state);

// Parses state text against a pack's schema; every problem goes to diags with file:line:col:
// unknown keys, values breaking their declarations, references to places, empires or records
// that do not exist.
GameState state_from_toml(std::string_view text, const std::string& shown_name,
                          const std::shared_ptr<const Schema>& schema, Diagnostics& diags);

// Reads the `places = [...]` map (shared by state files and fixed-map scenarios) into galaxy;
// kinds must be among `kinds` (when not null).
void read_places(TomlView& root, const std::vector<std::string>* kinds,
                 const std::set<std::string>* inner_kinds, Galaxy& galaxy);

// Reads `[[kind]]` tables (and `[kind]` for the game kind) of every record kind except those
// of empire scope into st; values are checked against the schema and st's map and empires.
void read_records(TomlView& root, GameState& st);

// Reads the fields of an empire-scope kind from an empire's table (or its own `[[kind]]`
// table); present fields only, each checked.
void read_record_fields(TomlView& t, int kind, std::int64_t key, GameState& st,
                        const std::set<std::string>& skip);

// Reads an empire code under `key`, checked against the schema's format and, when codes is
// given, not already in it (then added). On a bad code reports it and returns nullopt.
std::optional<std::string> read_empire_code(TomlView& e, const char* key, const Schema& schema,
                                            std::set<std::string>* codes);

// Loads a state file; throws InputError with every problem found.
GameState load_state(const std::filesystem::path& path,
                     const std::shared_ptr<const Schema>& schema);

// Checks every value against its declaration and writes the state file atomically (temporary
// file, then rename); throws InputError instead of writing a state it would refuse to read.
void save_state(const std::filesystem::path& path, const GameState& state);

// Every value of a state that breaks its declaration, as errors naming kind, record and field.
Diagnostics check_state(const GameState& state, const std::string& shown_name);

}  // namespace hl
