#include "core/battle.hpp"

#include <algorithm>
#include <stdexcept>

namespace hl {

int BattleResult::attackers_lost() const {
    int n = 0;
    for (const auto& r : rounds)
        n += r.attackers_lost;
    return n;
}

int BattleResult::cruisers_lost() const {
    int n = 0;
    for (const auto& r : rounds)
        n += r.cruisers_lost;
    return n;
}

int BattleResult::fighters_lost() const {
    int n = 0;
    for (const auto& r : rounds)
        n += r.fighters_lost;
    return n;
}

int battle_losses(int other_strength, int own_strength, int divisor) {
    if (divisor <= 0) throw std::invalid_argument("battle divisor must be positive");
    int extra = own_strength < other_strength ? other_strength - own_strength : 0;
    return (other_strength + extra) / divisor;
}

int attack_strength(const BattleInput& in, int attackers) {
    return attackers > 0 ? attackers + in.attacker_wt : 0;
}

int defence_strength(const BattleInput& in, int cruisers, int fighters) {
    int pop = in.population * (in.planet ? in.population_factor : 1);
    int d = cruisers + fighters + in.colony_ship_strength * in.colony_ships + pop;
    if (cruisers + fighters > 0) d += in.defender_wt;
    if (in.planet && in.population > 0) d += in.defender_dt;
    return d;
}

int defence_level(const BattleInput& in) {
    int level = in.population * (in.planet ? in.population_factor : 1);
    if (in.planet && in.population > 0) level += in.defender_dt;
    return std::max(0, level - in.attacker_mc);
}

namespace {

// Applies n losses to the defending fleet, cruisers first.
void hit_defender(int n, int& cruisers, int& fighters, BattleRound& r) {
    r.cruisers_lost = std::min(n, cruisers);
    cruisers -= r.cruisers_lost;
    r.fighters_lost = std::min(n - r.cruisers_lost, fighters);
    fighters -= r.fighters_lost;
}

}  // namespace

BattleResult fight(const BattleInput& in) {
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

}  // namespace hl
