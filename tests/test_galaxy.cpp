// The galaxy graph: squared distances (rule 3.12 and its table), links, planets and belts
// (rules 2.1, 2.4), the straight-segment test (rule 6.7) and reachability.

#include <catch2/catch.hpp>

#include "core/galaxy.hpp"

using namespace hl;

TEST_CASE("squared distance matches every entry of the rule 3.12 table", "[galaxy]") {
    // Rows, columns, squared distance: the 20 worked examples of rule 3.12.
    struct Row {
        int rows, cols, distsq;
    };
    const Row table[] = {{1, 0, 1},  {0, 1, 1},  {1, 1, 2},  {2, 2, 8},  {2, 0, 4},
                         {0, 2, 4},  {2, 1, 5},  {3, 2, 13}, {3, 0, 9},  {0, 3, 9},
                         {3, 1, 10}, {4, 2, 20}, {4, 0, 16}, {0, 4, 16}, {4, 1, 17},
                         {4, 3, 25}, {5, 0, 25}, {0, 5, 25}, {5, 1, 26}, {5, 2, 29}};
    for (const Row& r : table) {
        Galaxy g;
        g.add_place(100, "yellow", {10, 10});
        g.add_place(200, "red", {10 + r.cols, 10 + r.rows});
        INFO("rows " << r.rows << " cols " << r.cols);
        CHECK(g.distsq(100, 200) == r.distsq);
        CHECK(g.distsq(200, 100) == r.distsq);
    }
}

TEST_CASE("planets and belts sit at their star and link only to it", "[galaxy]") {
    Galaxy g;
    g.add_place(100, "yellow", {0, 0});
    g.add_place(200, "red", {3, 4});
    g.add_inner(101, "planet", 100);
    g.add_inner(102, "belt", 100);
    g.add_inner(201, "planet", 200);
    CHECK(g.linked(100, 101));
    CHECK(g.linked(101, 100));
    CHECK(g.at(101).pos == GridPos{0, 0});
    CHECK(g.distsq(101, 200) == 25);
    CHECK(g.distsq(101, 201) == 25);
    CHECK(g.inner_of(100) == std::vector<PlaceCode>{101, 102});
    // Never planet to planet, never a planet to another star.
    CHECK_THROWS_AS(g.add_link(101, 102), GalaxyError);
    CHECK_THROWS_AS(g.add_link(101, 200), GalaxyError);
    CHECK_THROWS_AS(g.add_link(101, 201), GalaxyError);
    // An inner place cannot be the parent of another.
    CHECK_THROWS_AS(g.add_inner(103, "planet", 101), GalaxyError);
    // Star to star is fine, and links are symmetric and not duplicated.
    g.add_link(100, 200);
    g.add_link(200, 100);
    CHECK(g.degree(100) == 3);
    CHECK(g.at(100).links == std::vector<PlaceCode>{101, 102, 200});
    CHECK(g.remove_link(200, 100));
    CHECK_FALSE(g.linked(100, 200));
    CHECK_FALSE(g.remove_link(100, 200));
}

TEST_CASE("system codes are three digits and unique", "[galaxy]") {
    Galaxy g;
    g.add_place(7, "yellow", {0, 0});
    CHECK(g.code_str(7) == "007");
    CHECK(g.parse_code("007") == 7);
    CHECK_FALSE(g.parse_code("7").has_value());
    CHECK_FALSE(g.parse_code("1000").has_value());
    CHECK_FALSE(g.parse_code("a12").has_value());
    CHECK_THROWS_AS(g.add_place(7, "red", {1, 1}), GalaxyError);
    CHECK_THROWS_AS(g.add_place(1000, "red", {2, 2}), GalaxyError);
    CHECK_THROWS_AS(g.add_place(8, "red", {0, 0}), GalaxyError);  // position taken
    CHECK_THROWS_AS(g.at(9), GalaxyError);
    CHECK(g.find(9) == nullptr);
}

TEST_CASE("a segment is clear only if no other star lies on it", "[galaxy]") {
    Galaxy g;
    g.add_place(100, "yellow", {0, 0});
    g.add_place(200, "yellow", {4, 2});
    g.add_place(300, "red", {2, 1});  // exactly on the segment 100-200
    g.add_place(400, "red", {2, 2});  // beside it
    g.add_place(500, "red", {0, 3});
    g.add_inner(101, "planet", 100);
    CHECK_FALSE(g.segment_clear(100, 200));
    CHECK(g.segment_clear(100, 300));
    CHECK(g.segment_clear(100, 400));
    CHECK(g.segment_clear(100, 500));
    // Collinear but beyond the end is not on the segment.
    g.add_place(600, "red", {6, 3});
    CHECK(g.segment_clear(300, 200));
    CHECK_FALSE(g.segment_clear(100, 600));
    // Inner places share their star's place and never block.
    CHECK(g.segment_clear(101, 400));
}

TEST_CASE("crossing links are detected", "[galaxy]") {
    Galaxy g;
    g.add_place(100, "yellow", {0, 0});
    g.add_place(200, "yellow", {2, 2});
    g.add_place(300, "red", {0, 2});
    g.add_place(400, "red", {2, 0});
    g.add_place(500, "red", {4, 4});
    g.add_link(100, 200);
    CHECK(g.crosses_link(300, 400));
    CHECK_FALSE(g.crosses_link(200, 500));  // shares an end
    CHECK_FALSE(g.crosses_link(300, 100));
}

TEST_CASE("hops and connectivity follow links", "[galaxy]") {
    Galaxy g;
    g.add_place(100, "yellow", {0, 0});
    g.add_place(200, "yellow", {1, 0});
    g.add_place(300, "red", {2, 0});
    g.add_inner(301, "belt", 300);
    g.add_link(100, 200);
    CHECK_FALSE(g.connected());
    g.add_link(200, 300);
    CHECK(g.connected());
    auto hops = g.hops_from(100);
    CHECK(hops.at(100) == 0);
    CHECK(hops.at(200) == 1);
    CHECK(hops.at(300) == 2);
    CHECK(hops.at(301) == 3);
    CHECK(g.place_at({2, 0}) == 300);
    CHECK_FALSE(g.place_at({5, 5}).has_value());
}
