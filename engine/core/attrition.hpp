#pragma once

#include <array>
#include <vector>

namespace hl {

// One side of an attrition battle: unit classes, each with a count and a strength per unit,
// listed in the order they take losses; and strength that takes no losses.
struct AttritionSide {
    std::vector<int> counts;    // units of each class
    std::vector<int> strength;  // strength of one unit of each class (same length as counts)
    int fixed = 0;              // counts whatever happens (e.g. people defending a place)
    int while_units = 0;        // counts only while the side has a unit left (e.g. weapons)
};

// How the sides trade losses. Each round both sides' strengths S are taken from what is left
// and each side loses floor((S_other + disadvantage * max(0, S_other - S_own)) / divisor)
// units, at once. With first_fire set, in the first round that side fires first: the other
// side loses its units (plus first_fire_extra) before its remaining strength fires back.
struct AttritionRules {
    int divisor = 2;           // at least 1
    int disadvantage = 1;      // weight of the stronger side's margin
    int max_rounds = 1;        // rounds at most; a round in which nobody loses a unit ends it
    int first_fire = -1;       // -1 nobody, 0 side A, 1 side B
    int first_fire_extra = 0;  // extra units the other side loses when fired on first
};

// One round: each side's strength at its start and the units each class lost.
struct AttritionRound {
    std::array<int, 2> strength{};
    std::array<std::vector<int>, 2> lost;
};

// Every round fought and the units left of each class on both sides.
struct AttritionResult {
    std::vector<AttritionRound> rounds;
    std::array<std::vector<int>, 2> left;
    // Units of class `cls` that side lost over all rounds.
    int lost(int side, std::size_t cls) const;
};

// A side's strength with these units: sum of count x strength, plus fixed, plus while_units if
// any unit is left.
int side_strength(const AttritionSide& side, const std::vector<int>& counts);

// Units a side loses in a round: floor((other + disadvantage * max(0, other - own)) / divisor).
int attrition_losses(int other, int own, const AttritionRules& rules);

// Fights rounds while side A has units: the first round is always fought (a side with no units
// but fixed strength still fires); later rounds stop when either side has no units or when a
// round costs nobody a unit. Losses fall on classes in order. Throws std::invalid_argument for
// negative counts, mismatched lists, a divisor below 1 or first_fire not in -1..1.
AttritionResult attrition(const AttritionSide& a, const AttritionSide& b,
                          const AttritionRules& rules);

}  // namespace hl
