#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <toml++/toml.h>

#include "core/diagnostics.hpp"
#include "core/start_slot.hpp"
#include "core/state.hpp"

namespace hl {

class Pack;

// A value a scenario gives a record's field, checked against the schema when the game is made
// (places only exist then on a generated map).
struct GivenValue {
    int field = -1;  // index in its kind
    Value value;
    SourcePos where;
};

// One empire as a scenario declares it; the given fields fix its start (fixed games).
struct ScenarioEmpire {
    std::string code;
    std::string name;
    std::string player;
    std::string secret;  // generated when empty
    bool computer = false;
    std::vector<GivenValue> fields;  // of the kind named "empire"
    SourcePos where;
};

// A record a fixed-map scenario gives: its kind, which record, and the fields given.
struct GivenRecord {
    int kind = -1;
    std::int64_t key = 0;  // place code or collection id
    std::string empire;    // the empire, for empire-scope kinds
    std::vector<GivenValue> fields;
    SourcePos where;
};

// A game set-up: which pack, which empires, and either generator parameters or a fixed map.
struct Scenario {
    std::string file;  // as shown in messages
    std::string text;  // the file's text, copied into the game folder
    std::string name;
    std::string description;
    std::string rules;       // pack id or path
    std::string gm;          // GM name for the game report
    std::string gm_address;  // the GM's mail address: not in the file, `new --gm-address` sets it
    std::optional<std::uint64_t> seed;
    std::vector<ScenarioEmpire> empires;
    toml::table galaxy_params;         // [galaxy]: passed to the pack's generator
    bool fixed_map = false;            // [map] given
    Galaxy map;                        // the fixed map
    std::vector<StartSlot> starts;     // [[start]] on a fixed map
    std::vector<GivenRecord> records;  // [[<kind>]] tables on a fixed map
    std::vector<GivenValue> game;      // fields of the game kind ([scenario] or [<game kind>])
    std::vector<std::string> order;    // fixed first order of play
};

// Reads only the `rules` and `seed` of a scenario, to find its pack before the full parse.
std::string scenario_rules(const std::string& text, const std::string& shown, Diagnostics& diags);

// Parses a scenario against its pack (kinds and field declarations are checked); problems go
// to diags.
Scenario parse_scenario(const std::string& text, const std::string& shown, const Pack& pack,
                        Diagnostics& diags);

// Applies given values to a record of a state, each checked against its declaration and the
// state's map and empires; problems go to diags at the values' places.
void apply_given(GameState& st, int kind, std::int64_t key, const std::vector<GivenValue>& values,
                 Diagnostics& diags);

}  // namespace hl
