#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/galaxy.hpp"

namespace hl {

// How a system meets an attack (rule 3.4); remembered from turn to turn.
enum class DefenceMode { retreat, defend, ambush };

// Lower-case name of a defence mode, as saved: "retreat", "defend", "ambush".
const char* defence_mode_name(DefenceMode m);

// Parses a defence mode name (case-insensitive); nullopt if unknown.
std::optional<DefenceMode> parse_defence_mode(std::string_view text);

// What is in one system: owner, people, industry, ships and defence settings.
struct Holding {
    std::string owner;  // empire code; empty when unowned
    int population = 0;
    int industry = 0;
    int cruisers = 0;
    int fighters = 0;
    int colony_ships = 0;
    DefenceMode mode = DefenceMode::retreat;
    std::optional<SystemCode> retreat;  // where defending cruisers retreat to
    std::optional<SystemCode> ambush;   // the adjacent system an ambush is set against
    std::string name;                   // player-given name, at most 15 characters
    bool ever_owned = false;            // false until first captured: Old Empire finds remain
    // True if nothing distinguishes this holding from an untouched system.
    bool is_default() const;
    bool operator==(const Holding&) const = default;
};

// A probe (rule 5.2): at most one active per empire.
struct Probe {
    std::string empire;
    SystemCode system = 0;
    bool active = false;
    bool operator==(const Probe&) const = default;
};

// One empire: identity, player, tech levels, money, and fleet pools off the map.
struct Empire {
    std::string code;  // three letters, upper case
    std::string name;
    std::string player;
    std::string secret;                // checked on every turnsheet
    bool computer = false;             // a non-player empire: always gets computer orders
    std::map<std::string, int> techs;  // tech code -> level
    std::int64_t treasury = 0;
    std::int64_t balance = 0;  // BPs available for the coming turn
    std::int64_t vps = 0;
    std::optional<SystemCode> base;  // unused BPs build cruisers here
    std::optional<SystemCode> home;  // unused BPs build fighters here
    int reserve = 0;                 // cruisers laid up off the map
    int lost_in_space = 0;           // cruisers lost in space, recoverable
    int bombs_used = 0;              // buster bombs fired this game
    int missed_turns = 0;            // consecutive turns without orders
    bool eliminated = false;
    std::map<std::string, std::string> contact;    // PHONE / EMAIL lines for the roundup
    std::map<std::string, std::int64_t> counters;  // pack-defined per-empire numbers
    // Pack-defined sets of systems, e.g. "seen" (ever seen, rule 2.16), "explored" (ever owned,
    // scouted or probed) and "scouted" (scouted this turn, rule 5.1); reports read them.
    std::map<std::string, std::set<SystemCode>> system_sets;
    // Level of a tech, 0 if the empire has none.
    int tech(const std::string& tech_code) const;
    bool operator==(const Empire&) const = default;
};

// Where the game stands on victory (rule 8.3): a warning once a condition holds, and the end.
struct VictoryStatus {
    int warning_turn = 0;   // turn a condition first held (0: no warning in force)
    int ended_turn = 0;     // turn the game ended (0: still going)
    std::string winner;     // empire code, once ended
    std::string condition;  // e.g. "runaway", "knockout", "points"
    bool operator==(const VictoryStatus&) const = default;
};

// The complete state of a game after a turn: everything needed to run the next one.
struct GameState {
    int turn = 0;
    std::uint64_t seed = 0;
    std::string pack;          // rules pack id, e.g. "starchase"
    std::string pack_version;  // version of that pack when the game was created
    Galaxy galaxy;
    std::vector<Empire> empires;                   // sorted by code
    std::vector<std::string> order_of_play;        // empire codes, first to act first
    std::map<SystemCode, Holding> holdings;        // systems with anything in them
    std::vector<Probe> probes;                     // sorted by empire, then system
    int next_census = 0;                           // hidden: the next census turn
    std::vector<int> census_turns;                 // census turns held so far
    std::int64_t points_target = 0;                // VPs above which a leader may win on points
    VictoryStatus victory;                         // warning and end of the game (rule 8.3)
    std::map<std::string, std::int64_t> counters;  // pack-defined game-wide numbers

    // The empire with a code, or nullptr.
    Empire* find_empire(const std::string& code);
    // The empire with a code, or nullptr.
    const Empire* find_empire(const std::string& code) const;
    // The holding of a system, created empty if missing.
    Holding& holding(SystemCode code);
    // The holding of a system; an empty one if nothing is there.
    const Holding& holding_or_empty(SystemCode code) const;
    // Systems owned by an empire, by code.
    std::vector<SystemCode> owned_by(const std::string& empire) const;
    // Drops empty holdings and sorts empires and probes into their canonical order.
    void normalise();
};

}  // namespace hl
