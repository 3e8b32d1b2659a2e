#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <toml++/toml.h>

#include "core/diagnostics.hpp"
#include "core/state.hpp"

namespace hl {

class Pack;

// One empire as a scenario declares it; the optional fields fix its start (fixed games).
struct ScenarioEmpire {
    std::string code;
    std::string name;
    std::string player;
    std::string secret;  // generated when empty
    bool computer = false;
    std::optional<std::int64_t> treasury, balance, vps;
    std::optional<SystemCode> base, home;
    std::map<std::string, int> techs;  // levels that differ from the pack's start levels
    SourcePos where;
};

// A start position on a fixed map: a star and its home planet, optionally for one empire.
struct ScenarioStart {
    SystemCode star = 0;
    std::optional<SystemCode> planet;
    std::string empire;  // empty: allocated at random
};

// A game set-up: which pack, which empires, and either generator parameters or a fixed map.
struct Scenario {
    std::string file;  // as shown in messages
    std::string text;  // the file's text, copied into the game folder
    std::string name;
    std::string description;
    std::string rules;  // pack id or path
    std::string gm;     // GM name for the game report
    std::optional<std::uint64_t> seed;
    std::vector<ScenarioEmpire> empires;
    toml::table galaxy_params;               // [galaxy]: passed to the pack's generator
    bool fixed_map = false;                  // [map] given
    Galaxy map;                              // the fixed map
    std::vector<ScenarioStart> starts;       // [[start]] on a fixed map
    std::map<SystemCode, Holding> holdings;  // [[holding]] on a fixed map
    std::vector<std::string> order;          // fixed first order of play
    std::optional<int> next_census;
    std::optional<std::int64_t> points_target;
};

// Reads only the `rules` and `seed` of a scenario, to find its pack before the full parse.
std::string scenario_rules(const std::string& text, const std::string& shown, Diagnostics& diags);

// Parses a scenario against its pack (kinds and techs are checked); problems go to diags.
Scenario parse_scenario(const std::string& text, const std::string& shown, const Pack& pack,
                        Diagnostics& diags);

}  // namespace hl
