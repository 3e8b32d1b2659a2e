#pragma once

#include <vector>

namespace hl {

// Everything the battle arithmetic needs (rules 3.6-3.9, 4.1-4.4); the rules pack decides
// the numbers (divisors, colony ship strength, population factor) and passes them in.
struct BattleInput {
    int attackers = 0;          // cruisers ordered to attack
    int attacker_wt = 0;        // attacker's weapons tech
    int attacker_mc = 0;        // attacker's marines capacity
    int cruisers = 0;           // defending cruisers (after any retreat)
    int fighters = 0;           // defending fighters
    int colony_ships = 0;       // defender's colony ships: defence strength only
    int population = 0;         // defender's population
    bool planet = false;        // population counts population_factor times on a planet
    int defender_wt = 0;        // counts if any cruiser or fighter is present
    int defender_dt = 0;        // counts on a planet with population
    int divisor = 2;            // 2 for MOVE and DEEP, 3 for ASSAULT
    bool rounds = false;        // false: one round; true: fight on (ASSAULT)
    bool ambush = false;        // the defender fires first (AMBUSH against a MOVE)
    int ambush_extra_loss = 1;  // extra attacker loss when ambushed
    int population_factor = 2;  // population multiplier on planets
    int colony_ship_strength = 5;
};

// One round: the strengths it was fought with and the ships each side lost.
struct BattleRound {
    int attack = 0;   // attack strength A
    int defence = 0;  // defence strength D
    int attackers_lost = 0;
    int cruisers_lost = 0;  // defending cruisers lost
    int fighters_lost = 0;  // defending fighters lost
};

// The outcome: every round, the survivors, the defence level and whether the attack won.
struct BattleResult {
    std::vector<BattleRound> rounds;
    int attackers_left = 0;
    int cruisers_left = 0;
    int fighters_left = 0;
    int defence_level = 0;  // population (x factor on planets) + DT - attacker MC, >= 0
    bool won = false;       // defending fleet gone and survivors + WT above the defence level
    // Total cruisers the attacker lost.
    int attackers_lost() const;
    // Total defending cruisers lost.
    int cruisers_lost() const;
    // Total defending fighters lost.
    int fighters_lost() const;
};

// Losses a side takes from one round: floor((S_other + (S_self < S_other ? S_other - S_self
// : 0)) / divisor).
int battle_losses(int other_strength, int own_strength, int divisor);

// Attack strength A: attacking cruisers + WT (0 when no cruiser is left).
int attack_strength(const BattleInput& in, int attackers);

// Defence strength D for the given surviving defending ships.
int defence_strength(const BattleInput& in, int cruisers, int fighters);

// Defence level L: population (x factor on planets) + DT (planet with population only) - MC.
int defence_level(const BattleInput& in);

// Fights a battle: one round, or rounds until the attackers or the defending fleet are gone
// (a round in which nobody loses a ship ends it). Losses fall on cruisers, then fighters.
BattleResult fight(const BattleInput& in);

}  // namespace hl
