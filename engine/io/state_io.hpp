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
#include "io/toml_doc.hpp"

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

// A state file read and parsed as TOML but not yet read against a schema: parsing needs no
// pack, so it can run on another thread while the pack loads (game/game_dir.hpp, load_game).
struct ParsedStateFile {
    std::filesystem::path path;
    bool readable = false;               // false if the file could not be read
    std::unique_ptr<Diagnostics> diags;  // what the parser found (the document reports here)
    std::optional<TomlDoc> doc;          // the parsed text, if readable
};

// Reads and parses a state file; never throws for what the file holds.
ParsedStateFile parse_state_file(const std::filesystem::path& path);

// Loads a parsed state file as load_state does, with the same messages.
GameState load_state(ParsedStateFile& parsed, const std::shared_ptr<const Schema>& schema);

// Checks every value against its declaration and writes the state file atomically (temporary
// file, then rename); throws InputError instead of writing a state it would refuse to read.
void save_state(const std::filesystem::path& path, const GameState& state);

// The same for a state file below `root` (a game folder): no folder on the way from root may be a
// symbolic link (io/atomic_file.hpp, write_file_atomic_below).
void save_state_below(const std::filesystem::path& root, const std::filesystem::path& path,
                      const GameState& state);

// Every value of a state that breaks its declaration, as errors naming kind, record and field.
Diagnostics check_state(const GameState& state, const std::string& shown_name);

}  // namespace hl
