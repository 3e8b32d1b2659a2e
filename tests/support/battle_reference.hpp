// battle_reference.hpp: the standard game's battle arithmetic written directly from the rulebook
// (rules 3.6-3.9, 4.1-4.4 and RULINGS.md "Battles"), kept as an independent reference for the
// pack's model (rules/starchase/lib/combat.lua on the engine's attrition arithmetic). This is
// the engine's arithmetic before the core learnt no game's nouns.
#pragma once

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace hl::ref {


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
    int attackers_lost() const {
        int n = 0;
        for (const auto& r : rounds) n += r.attackers_lost;
        return n;
    }
    // Total defending cruisers lost.
    int cruisers_lost() const {
        int n = 0;
        for (const auto& r : rounds) n += r.cruisers_lost;
        return n;
    }
    // Total defending fighters lost.
    int fighters_lost() const {
        int n = 0;
        for (const auto& r : rounds) n += r.fighters_lost;
        return n;
    }
};

inline int battle_losses(int other_strength, int own_strength, int divisor) {
    if (divisor <= 0) throw std::invalid_argument("battle divisor must be positive");
    int extra = own_strength < other_strength ? other_strength - own_strength : 0;
    return (other_strength + extra) / divisor;
}

inline int attack_strength(const BattleInput& in, int attackers) {
    return attackers > 0 ? attackers + in.attacker_wt : 0;
}

inline int defence_strength(const BattleInput& in, int cruisers, int fighters) {
    int pop = in.population * (in.planet ? in.population_factor : 1);
    int d = cruisers + fighters + in.colony_ship_strength * in.colony_ships + pop;
    if (cruisers + fighters > 0) d += in.defender_wt;
    if (in.planet && in.population > 0) d += in.defender_dt;
    return d;
}

inline int defence_level(const BattleInput& in) {
    int level = in.population * (in.planet ? in.population_factor : 1);
    if (in.planet && in.population > 0) level += in.defender_dt;
    return std::max(0, level - in.attacker_mc);
}

// Applies n losses to the defending fleet, cruisers first.
inline void hit_defender(int n, int& cruisers, int& fighters, BattleRound& r) {
    r.cruisers_lost = std::min(n, cruisers);
    cruisers -= r.cruisers_lost;
    r.fighters_lost = std::min(n - r.cruisers_lost, fighters);
    fighters -= r.fighters_lost;
}

inline BattleResult fight(const BattleInput& in) {
    if (in.attackers < 0 || in.cruisers < 0 || in.fighters < 0 || in.colony_ships < 0 ||
        in.population < 0)
        throw std::invalid_argument("battle: ship and population counts must be >= 0");
    BattleResult res;
    int attackers = in.attackers, cruisers = in.cruisers, fighters = in.fighters;
    res.defence_level = defence_level(in);
    const int max_rounds = in.rounds ? 10000 : 1;
    for (int i = 0; i < max_rounds && attackers > 0; ++i) {
        BattleRound r;
        r.attack = attack_strength(in, attackers);
        r.defence = defence_strength(in, cruisers, fighters);
        if (in.ambush && i == 0) {
            // The defender fires first: the attacker's losses (plus the extra one) come off
            // before its surviving strength is used against the defender.
            r.attackers_lost = std::min(
                attackers, battle_losses(r.defence, r.attack, in.divisor) + in.ambush_extra_loss);
            int survivors = attackers - r.attackers_lost;
            int hit = battle_losses(attack_strength(in, survivors), r.defence, in.divisor);
            attackers = survivors;
            hit_defender(survivors > 0 ? hit : 0, cruisers, fighters, r);
        } else {
            r.attackers_lost = std::min(attackers, battle_losses(r.defence, r.attack, in.divisor));
            int hit = battle_losses(r.attack, r.defence, in.divisor);
            attackers -= r.attackers_lost;
            hit_defender(hit, cruisers, fighters, r);
        }
        res.rounds.push_back(r);
        bool nobody_lost = r.attackers_lost == 0 && r.cruisers_lost == 0 && r.fighters_lost == 0;
        if (cruisers + fighters == 0 || nobody_lost) break;
    }
    res.attackers_left = attackers;
    res.cruisers_left = cruisers;
    res.fighters_left = fighters;
    res.won = cruisers + fighters == 0 && attackers >= 1 &&
              attackers + in.attacker_wt > res.defence_level;
    return res;
}


}  // namespace hl::ref
