#pragma once

// Helpers for tests that read or change a standard-game state (rules/starchase/schema.toml):
// one call per field instead of kind and field look-ups, and every change checked as the
// engine checks it.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/state.hpp"

namespace hl::test {

// An empty state with the standard pack's schema (no map, no empires).
GameState starchase_state();

// An integer-stored field of a record (numbers, flags, places, choices; kNone when absent).
std::int64_t field_int(const GameState& st, std::string_view kind, std::int64_t key,
                       std::string_view field);

// Sets a field of a record; a choice may be given by its word. Fails the test when the
// state refuses the value.
void set_field(GameState& st, std::string_view kind, std::int64_t key, std::string_view field,
               Value v);

// A holding's integer field at a place (population, cruisers, ever_owned, ...); the initial
// value where nothing is recorded.
std::int64_t hold(const GameState& st, PlaceCode sys, std::string_view field);

// A holding's optional place field (retreat, ambush), nullopt when none.
std::optional<PlaceCode> hold_place(const GameState& st, PlaceCode sys, std::string_view field);

// The owner of a place, "" when nobody owns it.
std::string owner(const GameState& st, PlaceCode sys);

// A holding's defence mode as its word ("retreat", "defend", "ambush").
std::string mode(const GameState& st, PlaceCode sys);

// A holding's name ("" when it has none).
std::string hold_name(const GameState& st, PlaceCode sys);

// Sets a holding's field (an empire code for owner, a word for mode, kNone to clear a place).
void set_hold(GameState& st, PlaceCode sys, std::string_view field, Value v);

// Every integer field of a holding, by name (owner and name excluded), for whole-record checks.
std::vector<std::int64_t> hold_numbers(const GameState& st, PlaceCode sys);

// An empire's integer field (treasury, balance, vps, reserve, eliminated, ...).
std::int64_t emp(const GameState& st, std::string_view code, std::string_view field);

// An empire's optional place field (base, home), nullopt when none.
std::optional<PlaceCode> emp_place(const GameState& st, std::string_view code,
                                   std::string_view field);

// Sets an empire's field; fails the test when the state refuses the value.
void set_emp(GameState& st, std::string_view code, std::string_view field, Value v);

// An empire's level of a tech (0 if it has none).
std::int64_t tech(const GameState& st, std::string_view code, const std::string& tech_code);

// Every tech level of an empire, by tech code.
IntMap techs(const GameState& st, std::string_view code);

// Sets an empire's level of a tech; fails the test when the state refuses it.
void set_tech(GameState& st, std::string_view code, const std::string& tech_code,
              std::int64_t level);

// The places an empire owns, by code.
std::vector<PlaceCode> owned_by(const GameState& st, std::string_view code);

// One of an empire's sets of places ("seen", "explored", "scouted").
std::vector<PlaceCode> sight(const GameState& st, std::string_view code, std::string_view set);

// A probe as the schema holds it, without its id.
struct ProbeView {
    std::string empire;
    PlaceCode system = 0;
    bool active = false;
    bool operator==(const ProbeView&) const = default;
};

// Every probe, in id order.
std::vector<ProbeView> probes(const GameState& st);

// Adds a probe (a new record of the probe collection); fails the test if refused.
void add_probe(GameState& st, const std::string& empire, PlaceCode system, bool active);

// An integer field of the game record (next_census, points_target, warning_turn, ...).
std::int64_t game(const GameState& st, std::string_view field);

// The census turns held so far.
IntList census_turns(const GameState& st);

// The game's winner, "" while there is none.
std::string winner(const GameState& st);

// The game's victory condition ("" while the game goes on).
std::string condition(const GameState& st);

}  // namespace hl::test
