#pragma once

#include <lua.hpp>

namespace hl {

class Pack;
struct Schema;

// Registers every engine module (galaxy, rng, state, math.random) as globals.
void open_engine_modules(lua_State* L);

// galaxy.*: the galaxy graph of the current game (api_galaxy.cpp).
int luaopen_galaxy(lua_State* L);
// rng.* and math.random: draws from the current engine stream (api_rng.cpp).
int luaopen_rng(lua_State* L);
// battle.*: the battle arithmetic primitives (api_battle.cpp).
int luaopen_battle(lua_State* L);
// state.*: the records of the current game, as the pack's schema declares them (api_state.cpp).
int luaopen_state(lua_State* L);

// Adds state.<kind>(id) and state.set_<kind>(id, {...}) for every record kind of a schema.
void install_state_kinds(lua_State* L, const Schema& schema);

// Sets the global `rules` table: constants, techs and kinds of a pack (api_rules.cpp).
void install_rules_table(lua_State* L, const Pack& pack);

}  // namespace hl
