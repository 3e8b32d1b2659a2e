// battle.* as scripts see it: battle.fight and battle.outcome give the arithmetic of
// core/battle.hpp, and battle.fight refuses misspelt or badly typed fields.

#include <catch2/catch.hpp>

#include "lua/host.hpp"

using namespace hl;

namespace {

// Runs a chunk and returns its single result as a string, or "ERROR: message".
std::string eval(const std::string& code) {
    LuaHost host;
    lua_State* L = host.L();
    StackGuard guard(L);
    auto e = host.run(code, "rules/test/battle.lua");
    if (e) return "ERROR: " + e->message;
    return lua_tostring(L, -1) ? lua_tostring(L, -1) : "?";
}

const char* kInput = R"(
  local input = { attackers = 12, attacker_wt = 3, attacker_mc = 1, cruisers = 5, fighters = 4,
    colony_ships = 0, population = 3, planet = false, defender_wt = 2, defender_dt = 1,
    divisor = 2, rounds = false, ambush = true, ambush_extra_loss = 1, population_factor = 2,
    colony_ship_strength = 5 }
)";

}  // namespace

TEST_CASE("battle.fight returns the result table with every round", "[battle][lua]") {
    // A = 12 + 3 = 15, D = 5 + 4 + 3 + 2 = 14 and L = population 3 - MC 1 = 2 (DT counts only on
    // planets). Ambushed: the attacker loses 14 / 2 + 1 = 8 first; its 4 survivors (A = 7, the
    // weaker side) then cost the defender only 7 / 2 = 3 cruisers. The fleet survives: no win.
    std::string out = eval(std::string(kInput) + R"(
      local r = battle.fight(input)
      local f = r.rounds[1]
      return table.concat({tostring(r.won), r.attackers_left, r.cruisers_left, r.fighters_left,
        r.defence_level, r.attackers_lost, r.cruisers_lost, r.fighters_lost, #r.rounds,
        f.attack, f.defence, f.attackers_lost, f.cruisers_lost, f.fighters_lost}, " "))");
    CHECK(out == "false 4 2 4 2 8 3 0 1 15 14 8 3 0");
}

TEST_CASE("battle.outcome gives battle.fight's numbers without tables", "[battle][lua]") {
    std::string out = eval(std::string(kInput) + R"(
      local r = battle.fight(input)
      local won, left, crs, ftr, level, alost, clost, flost = battle.outcome(12, 3, 1, 5, 4, 0, 3,
        false, 2, 1, 2, false, true, 1, 2, 5)
      local same = won == r.won and left == r.attackers_left and crs == r.cruisers_left
        and ftr == r.fighters_left and level == r.defence_level and alost == r.attackers_lost
        and clost == r.cruisers_lost and flost == r.fighters_lost
      return tostring(same))");
    CHECK(out == "true");
    CHECK(eval("return tostring(battle.outcome(1, 0, 0, 0, 0, 0, 0, false, 0, 0, 2.5, false, "
               "false, 1, 2, 5))")
              .find("expected a whole number") != std::string::npos);
}

TEST_CASE("battle.fight refuses unknown fields, non-string keys and fractions", "[battle][lua]") {
    CHECK(eval("return battle.fight{attackers = 1, atackers_wt = 2}") ==
          "ERROR: battle.fight: unknown field 'atackers_wt'");
    CHECK(eval("return battle.fight{attackers = 1, [3] = 2}") ==
          "ERROR: battle.fight: field names must be strings");
    CHECK(eval("return battle.fight{attackers = 1.5}") ==
          "ERROR: battle.fight: 'attackers' must be a whole number");
    CHECK(eval("return battle.fight{attackers = '3'}") ==
          "ERROR: battle.fight: 'attackers' must be a whole number");
    CHECK(eval("local a, d, l = battle.strength{attackers = 4, attacker_wt = 1, population = 2} "
               "return a .. ' ' .. d .. ' ' .. l") == "5 2 2");
}
