#include "lua/battle_ffi.hpp"

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

#include "core/battle.hpp"

namespace hl {

namespace {

// battle.outcome's arguments, laid out as the FFI declaration in kWrapper says.
struct OutcomeIn {
    std::int32_t attackers, attacker_wt, attacker_mc, cruisers, fighters, colony_ships, population,
        defender_wt, defender_dt, divisor, ambush_extra_loss, population_factor,
        colony_ship_strength, planet, rounds, ambush;
};

// battle.outcome's results, laid out as the FFI declaration in kWrapper says.
struct OutcomeOut {
    std::int32_t won, attackers_left, cruisers_left, fighters_left, defence_level, attackers_lost,
        cruisers_lost, fighters_lost;
};

// Fights the battle for the FFI wrapper; returns 0, or 1 when the arithmetic refused the
// input (the wrapper then asks the C binding, which raises the error). Never throws.
extern "C" int hl_battle_outcome_ffi(const OutcomeIn* in, OutcomeOut* out) {
    try {
        BattleInput b;
        b.attackers = in->attackers;
        b.attacker_wt = in->attacker_wt;
        b.attacker_mc = in->attacker_mc;
        b.cruisers = in->cruisers;
        b.fighters = in->fighters;
        b.colony_ships = in->colony_ships;
        b.population = in->population;
        b.planet = in->planet != 0;
        b.defender_wt = in->defender_wt;
        b.defender_dt = in->defender_dt;
        b.divisor = in->divisor;
        b.rounds = in->rounds != 0;
        b.ambush = in->ambush != 0;
        b.ambush_extra_loss = in->ambush_extra_loss;
        b.population_factor = in->population_factor;
        b.colony_ship_strength = in->colony_ship_strength;
        BattleResult r = fight(b);
        out->won = r.won ? 1 : 0;
        out->attackers_left = r.attackers_left;
        out->cruisers_left = r.cruisers_left;
        out->fighters_left = r.fighters_left;
        out->defence_level = r.defence_level;
        out->attackers_lost = r.attackers_lost();
        out->cruisers_lost = r.cruisers_lost();
        out->fighters_lost = r.fighters_lost();
        return 0;
    } catch (...) {
        return 1;
    }
}

// Engine-owned Lua run once per state with (ffi, function pointer, battle table): it keeps the
// ffi module and the C binding in upvalues and replaces battle.outcome. Whole numbers in the
// int32 range take the FFI path; anything else, or input the arithmetic refuses, goes to the C
// binding so that errors read exactly as before and point at the calling script's line.
constexpr const char* kWrapper = R"LUA(
local ffi, fn_ptr, battle = ...
ffi.cdef[[
typedef struct {
  int32_t attackers, attacker_wt, attacker_mc, cruisers, fighters, colony_ships, population,
          defender_wt, defender_dt, divisor, ambush_extra_loss, population_factor,
          colony_ship_strength, planet, rounds, ambush;
} hl_outcome_in;
typedef struct {
  int32_t won, attackers_left, cruisers_left, fighters_left, defence_level, attackers_lost,
          cruisers_lost, fighters_lost;
} hl_outcome_out;
]]
local fight = ffi.cast("int (*)(const hl_outcome_in *, hl_outcome_out *)", fn_ptr)
local inp, out = ffi.new("hl_outcome_in"), ffi.new("hl_outcome_out")
local c_outcome = battle.outcome
local type, floor, pcall, error, gsub = type, math.floor, pcall, error, string.gsub
local unpack, tostring = unpack, tostring

local function whole(v)
  return type(v) == "number" and v == floor(v) and v >= -2147483648 and v <= 2147483647
end

-- The C binding decides: true and its results, or false and its error message.
local function slow(...)
  local res = { pcall(c_outcome, ...) }
  if res[1] then return true, unpack(res, 2, 9) end
  return false, (gsub(tostring(res[2]), "'%?'", "'outcome'", 1))
end

battle.outcome = function(attackers, attacker_wt, attacker_mc, cruisers, fighters, colony_ships,
    population, planet, defender_wt, defender_dt, divisor, rounds, ambush, ambush_extra_loss,
    population_factor, colony_ship_strength)
  if whole(attackers) and whole(attacker_wt) and whole(attacker_mc) and whole(cruisers)
      and whole(fighters) and whole(colony_ships) and whole(population) and whole(defender_wt)
      and whole(defender_dt) and whole(divisor) and whole(ambush_extra_loss)
      and whole(population_factor) and whole(colony_ship_strength) then
    inp.attackers, inp.attacker_wt, inp.attacker_mc = attackers, attacker_wt, attacker_mc
    inp.cruisers, inp.fighters, inp.colony_ships = cruisers, fighters, colony_ships
    inp.population, inp.defender_wt, inp.defender_dt = population, defender_wt, defender_dt
    inp.divisor, inp.ambush_extra_loss = divisor, ambush_extra_loss
    inp.population_factor, inp.colony_ship_strength = population_factor, colony_ship_strength
    inp.planet = (planet ~= nil and planet ~= false) and 1 or 0
    inp.rounds = (rounds ~= nil and rounds ~= false) and 1 or 0
    inp.ambush = (ambush ~= nil and ambush ~= false) and 1 or 0
    if fight(inp, out) == 0 then
      return out.won ~= 0, out.attackers_left, out.cruisers_left, out.fighters_left,
        out.defence_level, out.attackers_lost, out.cruisers_lost, out.fighters_lost
    end
  end
  local ok, won, a, c, f, level, alost, clost, flost = slow(attackers, attacker_wt, attacker_mc,
    cruisers, fighters, colony_ships, population, planet, defender_wt, defender_dt, divisor,
    rounds, ambush, ambush_extra_loss, population_factor, colony_ship_strength)
  if not ok then error(won, 2) end -- at the calling script's line
  return won, a, c, f, level, alost, clost, flost
end
)LUA";

// Registry key anchoring the ffi module: LuaJIT crashes in lua_close if the module table is
// collected while cdata it made are alive.
char kFfiKey;

}  // namespace

void install_battle_outcome_ffi(lua_State* L, int ffi_index) {
    if (ffi_index < 0 && ffi_index > LUA_REGISTRYINDEX) ffi_index = lua_gettop(L) + ffi_index + 1;
    lua_pushlightuserdata(L, &kFfiKey);
    lua_pushvalue(L, ffi_index);
    lua_rawset(L, LUA_REGISTRYINDEX);
    if (luaL_loadbuffer(L, kWrapper, std::strlen(kWrapper), "=battle") != 0)
        throw std::runtime_error(std::string("battle FFI wrapper: ") + lua_tostring(L, -1));
    lua_pushvalue(L, ffi_index);
    lua_pushlightuserdata(L, reinterpret_cast<void*>(&hl_battle_outcome_ffi));
    lua_getfield(L, LUA_GLOBALSINDEX, "battle");
    if (lua_pcall(L, 3, 0, 0) != 0)
        throw std::runtime_error(std::string("battle FFI wrapper: ") + lua_tostring(L, -1));
}

}  // namespace hl
