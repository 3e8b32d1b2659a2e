// The engine's attrition arithmetic (core/attrition.hpp), which packs describe battles with:
// unit classes taking losses in order, strength with and without units, first fire, rounds.
// Every expected number is worked out by hand in the comments.

#include <catch2/catch.hpp>

#include "core/attrition.hpp"

using namespace hl;

TEST_CASE("one round: both sides lose at once, the weaker one extra", "[attrition]") {
    // A: 10 units of strength 1, while_units 2: S = 12. B: 3 + 4 units, fixed 5: S = 12.
    // Equal: each loses floor(12 / 2) = 6. B loses its first class (3) then 3 of the second.
    AttritionSide a{{10}, {1}, 0, 2};
    AttritionSide b{{3, 4}, {1, 1}, 5, 0};
    AttritionResult r = attrition(a, b, AttritionRules{});
    REQUIRE(r.rounds.size() == 1);
    CHECK(r.rounds[0].strength == std::array<int, 2>{12, 12});
    CHECK(r.rounds[0].lost[0] == std::vector<int>{6});
    CHECK(r.rounds[0].lost[1] == std::vector<int>{3, 3});
    CHECK(r.left[0] == std::vector<int>{4});
    CHECK(r.left[1] == std::vector<int>{0, 1});
    CHECK(r.lost(1, 1) == 3);
}

TEST_CASE("classes of different strength take losses in their order", "[attrition]") {
    // B: 2 units of strength 1, 3 of strength 2 (a destroyer-like class), 4 of strength 1:
    // S = 2 + 6 + 4 = 12. A: 20 units: S = 20. A loses floor(12 / 2) = 6; B loses
    // floor((20 + 8) / 2) = 14 units: 2 + 3 + 4 = 9, every unit; losses count units, not strength.
    AttritionSide a{{20}, {1}, 0, 0};
    AttritionSide b{{2, 3, 4}, {1, 2, 1}, 0, 0};
    AttritionResult r = attrition(a, b, AttritionRules{});
    CHECK(r.rounds[0].strength == std::array<int, 2>{20, 12});
    CHECK(r.rounds[0].lost[0] == std::vector<int>{6});
    CHECK(r.rounds[0].lost[1] == std::vector<int>{2, 3, 4});
    // A smaller hit stops inside the second class: 7 losses take 2 then 3 then 2.
    AttritionSide a2{{7}, {1}, 0, 0};
    AttritionRules four;
    four.divisor = 4;
    four.disadvantage = 0;
    // A2: S = 7; B: 12. B loses floor(7 / 4) = 1 (disadvantage 0: no margin added).
    AttritionResult r2 = attrition(a2, b, four);
    CHECK(r2.rounds[0].lost[1] == std::vector<int>{1, 0, 0});
    // A2 loses floor(12 / 4) = 3 with disadvantage 0 (12 + 0 x 5).
    CHECK(r2.rounds[0].lost[0] == std::vector<int>{3});
}

TEST_CASE("first fire: the side fired on loses first, then fires back weaker", "[attrition]") {
    // A: 12 units + while_units 3 = 15. B: 5 + 4 units + fixed 3 + while_units 2 = 14.
    // B fires first: A loses floor(14 / 2) + 1 = 8 (B is the weaker side: no margin is added to
    // A's losses), leaving 4 (S = 7); B then loses floor(7 / 2) = 3 of its first class (B is
    // now the stronger side: no margin either).
    AttritionSide a{{12}, {1}, 0, 3};
    AttritionSide b{{5, 4}, {1, 1}, 3, 2};
    AttritionRules r;
    r.first_fire = 1;
    r.first_fire_extra = 1;
    AttritionResult res = attrition(a, b, r);
    CHECK(res.rounds[0].strength == std::array<int, 2>{15, 14});
    CHECK(res.rounds[0].lost[0] == std::vector<int>{8});
    CHECK(res.rounds[0].lost[1] == std::vector<int>{3, 0});
    // A side wiped out before firing back costs the other nothing: A 2 units (S 2 + 3 = 5),
    // B fires first with 14: A loses 7 + 1 >= 2, nothing left to fire.
    AttritionSide small{{2}, {1}, 0, 3};
    AttritionResult res2 = attrition(small, b, r);
    CHECK(res2.left[0] == std::vector<int>{0});
    CHECK(res2.rounds[0].lost[1] == std::vector<int>{0, 0});
}

TEST_CASE("rounds go on until a side has no units or nobody loses", "[attrition]") {
    // Divisor 3, many rounds. A 20 (S 20), B 9 + fixed 3 (S 12).
    // Round 1: A loses floor(12 / 3) = 4 -> 16; B loses floor((20 + 8) / 3) = 9 -> 0. Ends.
    AttritionSide a{{20}, {1}, 0, 0};
    AttritionSide b{{9}, {1}, 3, 0};
    AttritionRules r;
    r.divisor = 3;
    r.max_rounds = 100;
    AttritionResult res = attrition(a, b, r);
    CHECK(res.rounds.size() == 1);
    CHECK(res.left[0] == std::vector<int>{16});
    // A 4 (S 4) against B 2 + fixed 1 (S 3): round 1: A loses floor(3 / 3) = 1 -> 3; B loses
    // floor((4 + 1) / 3) = 1 -> 1. Round 2: S 3 against 2: A loses 0, B loses floor(4/3) = 1
    // -> 0: B has no units left; two rounds.
    AttritionSide a2{{4}, {1}, 0, 0};
    AttritionSide b2{{2}, {1}, 1, 0};
    AttritionResult res2 = attrition(a2, b2, r);
    REQUIRE(res2.rounds.size() == 2);
    CHECK(res2.left[0] == std::vector<int>{3});
    CHECK(res2.left[1] == std::vector<int>{0});
    // A 1 against B 1 + fixed 0: each loses floor(1 / 3) = 0: the battle ends after round 1.
    AttritionResult res3 = attrition(AttritionSide{{1}, {1}, 0, 0}, AttritionSide{{1}, {1}, 0, 0}, r);
    CHECK(res3.rounds.size() == 1);
    CHECK(res3.left[1] == std::vector<int>{1});
}

TEST_CASE("a side of fixed strength alone fights one round; no units, no battle", "[attrition]") {
    // B has no units but fixed 6: one round. A 10 loses floor(6 / 2) = 3; B has nothing to lose.
    AttritionRules r;
    r.max_rounds = 50;
    AttritionResult res = attrition(AttritionSide{{10}, {1}, 0, 0}, AttritionSide{{}, {}, 6, 4}, r);
    REQUIRE(res.rounds.size() == 1);
    // while_units does not count without units: B's strength is 6.
    CHECK(res.rounds[0].strength[1] == 6);
    CHECK(res.left[0] == std::vector<int>{7});
    // A without units fights nothing.
    CHECK(attrition(AttritionSide{{0}, {1}, 0, 0}, AttritionSide{{3}, {1}, 0, 0}, r).rounds.empty());
}

TEST_CASE("attrition refuses inconsistent input", "[attrition]") {
    AttritionRules r;
    CHECK_THROWS(attrition(AttritionSide{{1, 2}, {1}, 0, 0}, AttritionSide{}, r));
    CHECK_THROWS(attrition(AttritionSide{{-1}, {1}, 0, 0}, AttritionSide{}, r));
    r.first_fire = 2;
    CHECK_THROWS(attrition(AttritionSide{{1}, {1}, 0, 0}, AttritionSide{}, r));
    r.first_fire = -1;
    r.divisor = 0;
    CHECK_THROWS(attrition(AttritionSide{{1}, {1}, 0, 0}, AttritionSide{}, r));
}
