// The standard game's battles (rules 3.6-3.9, 4.1-4.4 and RULINGS.md "Battles") as the pack
// computes them (rules/starchase/lib/combat.lua on the engine's attrition arithmetic); every
// expected number is worked out by hand in the comments, and random battles are checked against
// an independent reference (support/battle_reference.hpp).

#include <catch2/catch.hpp>

#include <sstream>

#include <fmt/format.h>

#include "core/attrition.hpp"
#include "core/rng.hpp"
#include "lua/runtime.hpp"
#include "support/battle_reference.hpp"
#include "support/test_support.hpp"

using namespace hl;
using ref::BattleInput;
using ref::BattleResult;

namespace {

// The pack's combat module with a state to run on.
struct PackCombat {
    GameState state = GameState::with_schema(test::starchase().schema());
    Runtime rt{test::starchase(), state};
};

PackCombat& combat() {
    static PackCombat c;
    return c;
}

std::string lua_input(const BattleInput& in) {
    return fmt::format(
        "{{ attackers = {}, attacker_wt = {}, attacker_mc = {}, cruisers = {}, fighters = {}, "
        "colony_ships = {}, population = {}, planet = {}, defender_wt = {}, defender_dt = {}, "
        "divisor = {}, rounds = {}, ambush = {}, ambush_extra_loss = {}, population_factor = {}, "
        "colony_ship_strength = {} }}",
        in.attackers, in.attacker_wt, in.attacker_mc, in.cruisers, in.fighters, in.colony_ships,
        in.population, in.planet, in.defender_wt, in.defender_dt, in.divisor, in.rounds, in.ambush,
        in.ambush_extra_loss, in.population_factor, in.colony_ship_strength);
}

// Fights a battle with the pack's lib/combat.lua and reads its result back.
BattleResult pack_fight(const BattleInput& in) {
    std::string out = test::eval_lua(combat().rt.host(),
                                     R"(
      local r = import("lib/combat").fight()" +
                                         lua_input(in) + R"()
      local t = { r.won and 1 or 0, r.attackers_left, r.cruisers_left, r.fighters_left,
        r.defence_level, #r.rounds }
      for _, x in ipairs(r.rounds) do
        for _, v in ipairs({ x.attack, x.defence, x.attackers_lost, x.cruisers_lost,
          x.fighters_lost }) do t[#t + 1] = v end
      end
      return table.concat(t, " "))",
                                     "rules/test/battle.lua");
    std::istringstream is(out);
    BattleResult r;
    int won = 0, n = 0;
    is >> won >> r.attackers_left >> r.cruisers_left >> r.fighters_left >> r.defence_level >> n;
    r.won = won != 0;
    for (int i = 0; i < n; ++i) {
        ref::BattleRound br;
        is >> br.attack >> br.defence >> br.attackers_lost >> br.cruisers_lost >> br.fighters_lost;
        r.rounds.push_back(br);
    }
    if (!is) FAIL("unexpected result from lib/combat.lua: " << out);
    return r;
}

// The same battle with the pack's table-free path (combat.outcome, through the FFI).
std::string pack_outcome(const BattleInput& in) {
    return test::eval_lua(
        combat().rt.host(),
        fmt::format(R"(
      local r = {{ import("lib/combat").outcome({}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {},
        {}, {}, {}) }}
      r[1] = r[1] and 1 or 0
      return table.concat(r, " "))",
                    in.attackers, in.attacker_wt, in.attacker_mc, in.cruisers, in.fighters,
                    in.colony_ships, in.population, in.planet, in.defender_wt, in.defender_dt,
                    in.divisor, in.rounds, in.ambush, in.ambush_extra_loss, in.population_factor,
                    in.colony_ship_strength),
        "rules/test/battle.lua");
}

}  // namespace

TEST_CASE("a MOVE against a start home star fails with the rulebook's losses", "[battle]") {
    // A = 10 cruisers + WT 0 = 10; D = 5 crs + 2 ftr + 5 x 1 col + 2 pop = 14.
    // Attacker loses floor((14 + (14 - 10)) / 2) = 9; defender loses floor(10 / 2) = 5,
    // all cruisers. Two fighters remain, so the attack fails.
    BattleInput in;
    in.attackers = 10;
    in.cruisers = 5;
    in.fighters = 2;
    in.colony_ships = 1;
    in.population = 2;
    BattleResult r = pack_fight(in);
    REQUIRE(r.rounds.size() == 1);
    CHECK(r.rounds[0].attack == 10);
    CHECK(r.rounds[0].defence == 14);
    CHECK(r.rounds[0].attackers_lost == 9);
    CHECK(r.rounds[0].cruisers_lost == 5);
    CHECK(r.rounds[0].fighters_lost == 0);
    CHECK(r.attackers_left == 1);
    CHECK(r.cruisers_left == 0);
    CHECK(r.fighters_left == 2);
    CHECK(r.defence_level == 2);
    CHECK_FALSE(r.won);
}

TEST_CASE("a MOVE that wipes out the fleet and beats the defence level wins", "[battle]") {
    // A = 20 + WT 1 = 21; D = 2 + 1 + 3 pop = 6 (defender WT 0).
    // Attacker loses floor(6 / 2) = 3; defender loses floor((21 + 15) / 2) = 18 >= 3 ships.
    // 17 survivors + WT 1 = 18 > L = 3: won.
    BattleInput in;
    in.attackers = 20;
    in.attacker_wt = 1;
    in.cruisers = 2;
    in.fighters = 1;
    in.population = 3;
    BattleResult r = pack_fight(in);
    CHECK(r.rounds[0].attackers_lost == 3);
    CHECK(r.rounds[0].cruisers_lost == 2);
    CHECK(r.rounds[0].fighters_lost == 1);
    CHECK(r.attackers_left == 17);
    CHECK(r.won);
}

TEST_CASE("planets: doubled population, DT, defender WT and marines", "[battle]") {
    // A = 30 + WT 2 = 32; D = 4 crs + 2 x 10 pop + WT 1 (ships present) + DT 2 = 27.
    // Attacker loses floor(27 / 2) = 13; defender loses floor((32 + 5) / 2) = 18: all 4 crs.
    // L = 20 + DT 2 - MC 1 = 21; 17 survivors + WT 2 = 19 is not above 21: the attack fails.
    BattleInput in;
    in.attackers = 30;
    in.attacker_wt = 2;
    in.attacker_mc = 1;
    in.cruisers = 4;
    in.population = 10;
    in.planet = true;
    in.defender_wt = 1;
    in.defender_dt = 2;
    BattleResult r = pack_fight(in);
    CHECK(r.rounds[0].defence == 27);
    CHECK(r.rounds[0].attackers_lost == 13);
    CHECK(r.cruisers_left == 0);
    CHECK(r.attackers_left == 17);
    CHECK(r.defence_level == 21);
    CHECK_FALSE(r.won);
    // With MC 3, L = 19 and 19 is still not above it; MC 4 makes L = 18 and the attack wins.
    in.attacker_mc = 3;
    CHECK_FALSE(pack_fight(in).won);
    in.attacker_mc = 4;
    CHECK(pack_fight(in).won);
}

TEST_CASE("ASSAULT fights rounds with divisor 3 until a fleet is gone", "[battle]") {
    // R1: A 12, D 6+3+1 = 10: attacker -floor(10/3) = 3, defender -floor((12+2)/3) = 4 crs.
    // R2: A 9, D 2+3+1 = 6: attacker -2, defender -floor((9+3)/3) = 4: 2 crs, 2 ftr.
    // R3: A 7, D 0+1+1 = 2: attacker -0, defender -floor((7+5)/3) = 4: the last fighter.
    // 7 survivors > L 1: won.
    BattleInput in;
    in.attackers = 12;
    in.cruisers = 6;
    in.fighters = 3;
    in.population = 1;
    in.divisor = 3;
    in.rounds = true;
    BattleResult r = pack_fight(in);
    REQUIRE(r.rounds.size() == 3);
    CHECK(r.rounds[0].attack == 12);
    CHECK(r.rounds[0].defence == 10);
    CHECK(r.rounds[0].attackers_lost == 3);
    CHECK(r.rounds[0].cruisers_lost == 4);
    CHECK(r.rounds[1].attack == 9);
    CHECK(r.rounds[1].defence == 6);
    CHECK(r.rounds[1].attackers_lost == 2);
    CHECK(r.rounds[1].cruisers_lost == 2);
    CHECK(r.rounds[1].fighters_lost == 2);
    CHECK(r.rounds[2].defence == 2);
    CHECK(r.rounds[2].attackers_lost == 0);
    CHECK(r.rounds[2].fighters_lost == 1);
    CHECK(r.attackers_left == 7);
    CHECK(r.attackers_lost() == 5);
    CHECK(r.cruisers_lost() == 6);
    CHECK(r.fighters_lost() == 3);
    CHECK(r.won);
}

TEST_CASE("ASSAULT ends when a round kills nothing", "[battle]") {
    // A 1, D 1: both sides lose floor(1/3) = 0: the battle ends and the attack fails.
    BattleInput in;
    in.attackers = 1;
    in.fighters = 1;
    in.divisor = 3;
    in.rounds = true;
    BattleResult r = pack_fight(in);
    CHECK(r.rounds.size() == 1);
    CHECK(r.attackers_left == 1);
    CHECK(r.fighters_left == 1);
    CHECK_FALSE(r.won);
}

TEST_CASE("AMBUSH lets the defender fire first with one extra loss", "[battle]") {
    // D = 3 crs + 2 pop = 5, A = 10. Ambushed: attacker loses floor(5/2) + 1 = 3 first;
    // the 7 survivors (A = 7) then hit for floor((7 + 2) / 2) = 4: all 3 cruisers.
    BattleInput in;
    in.attackers = 10;
    in.cruisers = 3;
    in.population = 2;
    in.ambush = true;
    BattleResult r = pack_fight(in);
    CHECK(r.rounds[0].attackers_lost == 3);
    CHECK(r.rounds[0].cruisers_lost == 3);
    CHECK(r.attackers_left == 7);
    CHECK(r.won);
    // Without the ambush: attacker loses floor(5/2) = 2, defender floor((10+5)/2) = 7.
    in.ambush = false;
    BattleResult plain = pack_fight(in);
    CHECK(plain.rounds[0].attackers_lost == 2);
    CHECK(plain.attackers_left == 8);
    // An ambush that kills every attacker does no damage.
    in.ambush = true;
    in.attackers = 2;
    BattleResult wiped = pack_fight(in);
    CHECK(wiped.attackers_left == 0);
    CHECK(wiped.rounds[0].cruisers_lost == 0);
    CHECK_FALSE(wiped.won);
}

TEST_CASE("population without a fleet still fights one round; colony ships only add strength",
          "[battle]") {
    // Planet, 5 pop, no ships: D = 10. 3 attackers lose floor((10 + 7) / 2) = 8, capped at 3.
    BattleInput in;
    in.attackers = 3;
    in.population = 5;
    in.planet = true;
    BattleResult r = pack_fight(in);
    CHECK(r.rounds.size() == 1);
    CHECK(r.attackers_left == 0);
    CHECK_FALSE(r.won);
    // Two colony ships and nothing else: D = 10; 8 attackers lose floor((10 + 2) / 2) = 6;
    // no fleet to wipe out, 2 survivors > L 0: won (and the colony ships are captured later).
    BattleInput col;
    col.attackers = 8;
    col.colony_ships = 2;
    BattleResult c = pack_fight(col);
    CHECK(c.rounds[0].defence == 10);
    CHECK(c.attackers_left == 2);
    CHECK(c.won);
    // An ASSAULT against population only also fights exactly one round.
    in.attackers = 30;
    in.rounds = true;
    in.divisor = 3;
    BattleResult a = pack_fight(in);
    CHECK(a.rounds.size() == 1);
    CHECK(a.rounds[0].attackers_lost == 3);  // floor(10 / 3)
    CHECK(a.won);                            // 27 > L 10
}

TEST_CASE("the loss formula of rules 4.1 and 4.3", "[battle]") {
    AttritionRules two, three;
    three.divisor = 3;
    CHECK(attrition_losses(14, 10, two) == 9);
    CHECK(attrition_losses(10, 14, two) == 5);
    CHECK(attrition_losses(10, 10, two) == 5);
    CHECK(attrition_losses(14, 10, three) == 6);
    CHECK(attrition_losses(0, 5, two) == 0);
    AttritionRules none;
    none.divisor = 0;
    CHECK_THROWS(attrition_losses(1, 1, none));
}

TEST_CASE("500 random battles: the pack's model matches the rulebook reference", "[battle]") {
    // Both paths of the pack (tables, and the FFI without tables) against the arithmetic written
    // directly from the rules.
    Rng rng(StreamKey{7, 0, "", 0, "battles"});
    for (int i = 0; i < 500; ++i) {
        BattleInput in;
        in.attackers = static_cast<int>(rng.below(30));
        in.attacker_wt = static_cast<int>(rng.below(6));
        in.attacker_mc = static_cast<int>(rng.below(5));
        in.cruisers = static_cast<int>(rng.below(20));
        in.fighters = static_cast<int>(rng.below(15));
        in.colony_ships = static_cast<int>(rng.below(3));
        in.population = static_cast<int>(rng.below(25));
        in.planet = rng.below(2) == 1;
        in.defender_wt = static_cast<int>(rng.below(6));
        in.defender_dt = static_cast<int>(rng.below(6));
        in.rounds = rng.below(3) == 0;
        in.divisor = in.rounds ? 3 : 2;
        in.ambush = !in.rounds && rng.below(3) == 0;
        BattleResult want = ref::fight(in);
        BattleResult got = pack_fight(in);
        INFO(i << ": " << lua_input(in));
        REQUIRE(got.rounds.size() == want.rounds.size());
        for (std::size_t k = 0; k < want.rounds.size(); ++k) {
            CHECK(got.rounds[k].attack == want.rounds[k].attack);
            CHECK(got.rounds[k].defence == want.rounds[k].defence);
            CHECK(got.rounds[k].attackers_lost == want.rounds[k].attackers_lost);
            CHECK(got.rounds[k].cruisers_lost == want.rounds[k].cruisers_lost);
            CHECK(got.rounds[k].fighters_lost == want.rounds[k].fighters_lost);
        }
        CHECK(got.attackers_left == want.attackers_left);
        CHECK(got.cruisers_left == want.cruisers_left);
        CHECK(got.fighters_left == want.fighters_left);
        CHECK(got.defence_level == want.defence_level);
        CHECK(got.won == want.won);
        CHECK(pack_outcome(in) ==
              fmt::format("{} {} {} {} {} {} {} {}", want.won ? 1 : 0, want.attackers_left,
                          want.cruisers_left, want.fighters_left, want.defence_level,
                          want.attackers_lost(), want.cruisers_lost(), want.fighters_lost()));
    }
}
