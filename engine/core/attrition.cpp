#include "core/attrition.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace hl {

namespace {

int total(const std::vector<int>& counts) {
    return std::accumulate(counts.begin(), counts.end(), 0);
}

// Takes n losses from the classes in order; returns what each class lost.
std::vector<int> take_losses(std::vector<int>& counts, int n) {
    std::vector<int> lost(counts.size(), 0);
    for (std::size_t i = 0; i < counts.size() && n > 0; ++i) {
        lost[i] = std::min(n, counts[i]);
        counts[i] -= lost[i];
        n -= lost[i];
    }
    return lost;
}

void check(const AttritionSide& s) {
    if (s.counts.size() != s.strength.size())
        throw std::invalid_argument("battle: every unit class needs a count and a strength");
    for (std::size_t i = 0; i < s.counts.size(); ++i)
        if (s.counts[i] < 0 || s.strength[i] < 0)
            throw std::invalid_argument("battle: unit counts and strengths must be >= 0");
    if (s.fixed < 0 || s.while_units < 0)
        throw std::invalid_argument("battle: strengths must be >= 0");
}

}  // namespace

int AttritionResult::lost(int side, std::size_t cls) const {
    int n = 0;
    for (const AttritionRound& r : rounds)
        if (cls < r.lost[static_cast<std::size_t>(side)].size())
            n += r.lost[static_cast<std::size_t>(side)][cls];
    return n;
}

int side_strength(const AttritionSide& side, const std::vector<int>& counts) {
    long s = side.fixed;
    bool any = false;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        s += static_cast<long>(counts[i]) * side.strength[i];
        any = any || counts[i] > 0;
    }
    if (any) s += side.while_units;
    return static_cast<int>(std::min<long>(s, 1'000'000'000));
}

int attrition_losses(int other, int own, const AttritionRules& rules) {
    if (rules.divisor < 1) throw std::invalid_argument("battle divisor must be positive");
    long margin = other > own ? static_cast<long>(other) - own : 0;
    long n = (other + rules.disadvantage * margin) / rules.divisor;
    return static_cast<int>(std::min<long>(n, 1'000'000'000));
}

AttritionResult attrition(const AttritionSide& a, const AttritionSide& b,
                          const AttritionRules& rules) {
    check(a);
    check(b);
    if (rules.divisor < 1) throw std::invalid_argument("battle divisor must be positive");
    if (rules.first_fire < -1 || rules.first_fire > 1)
        throw std::invalid_argument("battle first_fire must be -1, 0 or 1");
    if (rules.disadvantage < 0 || rules.first_fire_extra < 0 || rules.max_rounds < 1)
        throw std::invalid_argument("battle rules must not be negative, and at least one round");
    const AttritionSide* side[2] = {&a, &b};
    std::array<std::vector<int>, 2> left = {a.counts, b.counts};
    AttritionResult res;
    for (int round = 0; round < rules.max_rounds && total(left[0]) > 0; ++round) {
        AttritionRound r;
        for (int s = 0; s < 2; ++s)
            r.strength[static_cast<std::size_t>(s)] =
                side_strength(*side[s], left[static_cast<std::size_t>(s)]);
        if (round == 0 && rules.first_fire >= 0) {
            auto f = static_cast<std::size_t>(rules.first_fire), o = 1 - f;
            int hit = attrition_losses(r.strength[f], r.strength[o], rules) + rules.first_fire_extra;
            r.lost[o] = take_losses(left[o], hit);
            int back = side_strength(*side[o], left[o]);
            r.lost[f] = take_losses(left[f], attrition_losses(back, r.strength[f], rules));
        } else {
            int hit_a = attrition_losses(r.strength[1], r.strength[0], rules);
            int hit_b = attrition_losses(r.strength[0], r.strength[1], rules);
            r.lost[0] = take_losses(left[0], hit_a);
            r.lost[1] = take_losses(left[1], hit_b);
        }
        bool nobody_lost = total(r.lost[0]) == 0 && total(r.lost[1]) == 0;
        res.rounds.push_back(std::move(r));
        if (total(left[1]) == 0 || nobody_lost) break;
    }
    res.left = std::move(left);
    return res;
}

}  // namespace hl
