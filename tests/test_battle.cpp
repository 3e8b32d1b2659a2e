// Battle arithmetic (rules 3.6-3.9, 4.1-4.4 and RULINGS.md "Battles"); every expected number
// is worked out by hand in the comments.

#include <catch2/catch.hpp>

#include "core/battle.hpp"

using namespace hl;

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
    BattleResult r = fight(in);
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
    BattleResult r = fight(in);
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
    BattleResult r = fight(in);
    CHECK(r.rounds[0].defence == 27);
    CHECK(r.rounds[0].attackers_lost == 13);
    CHECK(r.cruisers_left == 0);
    CHECK(r.attackers_left == 17);
    CHECK(r.defence_level == 21);
    CHECK_FALSE(r.won);
    // With MC 3, L = 19 and 19 is still not above it; MC 4 makes L = 18 and the attack wins.
    in.attacker_mc = 3;
    CHECK_FALSE(fight(in).won);
    in.attacker_mc = 4;
    CHECK(fight(in).won);
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
    BattleResult r = fight(in);
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
    BattleResult r = fight(in);
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
    BattleResult r = fight(in);
    CHECK(r.rounds[0].attackers_lost == 3);
    CHECK(r.rounds[0].cruisers_lost == 3);
    CHECK(r.attackers_left == 7);
    CHECK(r.won);
    // Without the ambush: attacker loses floor(5/2) = 2, defender floor((10+5)/2) = 7.
    in.ambush = false;
    BattleResult plain = fight(in);
    CHECK(plain.rounds[0].attackers_lost == 2);
    CHECK(plain.attackers_left == 8);
    // An ambush that kills every attacker does no damage.
    in.ambush = true;
    in.attackers = 2;
    BattleResult wiped = fight(in);
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
    BattleResult r = fight(in);
    CHECK(r.rounds.size() == 1);
    CHECK(r.attackers_left == 0);
    CHECK_FALSE(r.won);
    // Two colony ships and nothing else: D = 10; 8 attackers lose floor((10 + 2) / 2) = 6;
    // no fleet to wipe out, 2 survivors > L 0: won (and the colony ships are captured later).
    BattleInput col;
    col.attackers = 8;
    col.colony_ships = 2;
    BattleResult c = fight(col);
    CHECK(c.rounds[0].defence == 10);
    CHECK(c.attackers_left == 2);
    CHECK(c.won);
    // An ASSAULT against population only also fights exactly one round.
    in.attackers = 30;
    in.rounds = true;
    in.divisor = 3;
    BattleResult a = fight(in);
    CHECK(a.rounds.size() == 1);
    CHECK(a.rounds[0].attackers_lost == 3);  // floor(10 / 3)
    CHECK(a.won);                            // 27 > L 10
}

TEST_CASE("the loss formula of rules 4.1 and 4.3", "[battle]") {
    CHECK(battle_losses(14, 10, 2) == 9);
    CHECK(battle_losses(10, 14, 2) == 5);
    CHECK(battle_losses(10, 10, 2) == 5);
    CHECK(battle_losses(14, 10, 3) == 6);
    CHECK(battle_losses(0, 5, 2) == 0);
    CHECK_THROWS(battle_losses(1, 1, 0));
}
