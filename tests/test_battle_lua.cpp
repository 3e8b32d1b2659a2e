// battle.* as scripts see it: battle.fight and battle.outcome give the arithmetic of
// core/battle.hpp, and battle.fight refuses misspelt or badly typed fields.

#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "core/battle.hpp"
#include "lua/host.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

// Runs a chunk on a fresh host as rules/test/battle.lua (support/test_support.hpp).
std::string eval(const std::string& code) {
    LuaHost host;
    return test::eval_lua(host, code, "rules/test/battle.lua");
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

TEST_CASE("battle.outcome through the FFI gives hl::fight's numbers for every input",
          "[battle][lua]") {
    // The fast path (lua/battle_ffi.hpp) against the C++ arithmetic over a grid of battles.
    LuaHost host;
    lua_State* L = host.L();
    StackGuard guard(L);
    REQUIRE_FALSE(host.run(R"(
      return function(a, wt, mc, c, f, k, p, planet, dwt, ddt, div, rounds, ambush)
        local r = { battle.outcome(a, wt, mc, c, f, k, p, planet, dwt, ddt, div, rounds, ambush,
          1, 2, 5) }
        r[1] = r[1] and 1 or 0
        return table.concat(r, " ")
      end)",
                           "rules/test/battle.lua"));
    int fn = lua_gettop(L);
    int checked = 0;
    for (int a : {0, 1, 4, 9, 15})
        for (int c : {0, 2, 6})
            for (int f : {0, 3})
                for (int p : {0, 3})
                    for (int flags = 0; flags < 8; ++flags)
                        for (int div : {2, 3}) {
                            BattleInput in;
                            in.attackers = a;
                            in.attacker_wt = 2;
                            in.attacker_mc = 1;
                            in.cruisers = c;
                            in.fighters = f;
                            in.colony_ships = flags & 1;
                            in.population = p;
                            in.planet = (flags & 2) != 0;
                            in.defender_wt = 1;
                            in.defender_dt = 2;
                            in.divisor = div;
                            in.rounds = (flags & 4) != 0;
                            in.ambush = (flags & 1) != 0;
                            BattleResult r = fight(in);
                            std::string want = fmt::format(
                                "{} {} {} {} {} {} {} {}", r.won ? 1 : 0, r.attackers_left,
                                r.cruisers_left, r.fighters_left, r.defence_level,
                                r.attackers_lost(), r.cruisers_lost(), r.fighters_lost());
                            lua_pushvalue(L, fn);
                            for (int v : {a, 2, 1, c, f, flags & 1, p})
                                lua_pushinteger(L, v);
                            lua_pushboolean(L, in.planet);
                            lua_pushinteger(L, 1);
                            lua_pushinteger(L, 2);
                            lua_pushinteger(L, div);
                            lua_pushboolean(L, in.rounds);
                            lua_pushboolean(L, in.ambush);
                            REQUIRE_FALSE(host.pcall(13, 1));
                            INFO(a << " " << c << " " << f << " " << p << " " << flags);
                            CHECK(lua_tostring(L, -1) == want);
                            lua_pop(L, 1);
                            ++checked;
                        }
    CHECK(checked == 5 * 3 * 2 * 2 * 8 * 2);
}

TEST_CASE("battle.outcome's errors name the function and the calling line", "[battle][lua]") {
    LuaHost host;
    std::optional<LuaError> err;
    auto run = [&](const std::string& code) {
        StackGuard guard(host.L());
        err = host.run(code, "rules/test/battle.lua");
    };
    run("local x = 1\nlocal won = battle.outcome(1, 0, 0, 0, 0, 0, 0, false, 0, 0, 2.5, false, "
        "false, 1, 2, 5)");
    REQUIRE(err);
    CHECK(err->chunk == "rules/test/battle.lua");
    CHECK(err->line == 2);
    CHECK(err->message == "bad argument #11 to 'outcome' (expected a whole number)");
    run("\n\n\nlocal won = battle.outcome(-1, 0, 0, 0, 0, 0, 0, false, 0, 0, 2, false, false, 1, "
        "2, 5)");
    REQUIRE(err);
    CHECK(err->line == 4);
    CHECK(err->message == "battle: ship and population counts must be >= 0");
    run("return battle.outcome(1, 0, 0, 0, 0, 0, 0, false, 0, 0, 0, false, false, 1, 2, 5)");
    REQUIRE(err);
    CHECK(err->message == "battle divisor must be positive");
    run("return battle.outcome(1)");
    REQUIRE(err);
    CHECK(err->message == "bad argument #2 to 'outcome' (number expected, got nil)");
    // Numbers written as strings are taken, as by every other binding.
    run("local won, left = battle.outcome('12', 3, 1, 5, 4, 0, 3, false, 2, 1, 2, false, true, "
        "1, 2, 5) return left");
    CHECK_FALSE(err);
}
