// The wrapping hex map of seed 004, section 5: the six directions, wrap-around with the
// east/west edge displaced by half the column height (figure 2), distances and each race's
// own coordinates.

#include <catch2/catch.hpp>

#include <deque>
#include <map>

#include "core/hex_grid.hpp"

using namespace hl;

namespace {

// Fewest steps from a to every hex, by breadth-first search over HexGrid::neighbours: an
// independent check of HexGrid::distance.
std::map<std::pair<int, int>, int> bfs(const HexGrid& g, HexPos a) {
    std::map<std::pair<int, int>, int> dist;
    std::deque<HexPos> queue{a};
    dist[{a.col, a.row}] = 0;
    while (!queue.empty()) {
        HexPos p = queue.front();
        queue.pop_front();
        for (HexPos n : g.neighbours(p)) {
            if (dist.count({n.col, n.row})) continue;
            dist[{n.col, n.row}] = dist[{p.col, p.row}] + 1;
            queue.push_back(n);
        }
    }
    return dist;
}

}  // namespace

TEST_CASE("figure 2: north-east from H0602 on a 6 by 6 map arrives at H0105", "[hex]") {
    HexGrid g(6, 6);
    CHECK(g.step({6, 2}, HexDir::ne) == HexPos{1, 5});
    // And back: south-west from H0105 returns to H0602.
    CHECK(g.step({1, 5}, HexDir::sw) == HexPos{6, 2});
}

TEST_CASE("inside the map, neighbours follow the column shift", "[hex]") {
    HexGrid g(8, 8);
    // Column 3 (odd) stands higher than columns 2 and 4 (even).
    CHECK(g.step({3, 4}, HexDir::n) == HexPos{3, 3});
    CHECK(g.step({3, 4}, HexDir::s) == HexPos{3, 5});
    CHECK(g.step({3, 4}, HexDir::ne) == HexPos{4, 3});
    CHECK(g.step({3, 4}, HexDir::se) == HexPos{4, 4});
    CHECK(g.step({3, 4}, HexDir::sw) == HexPos{2, 4});
    CHECK(g.step({3, 4}, HexDir::nw) == HexPos{2, 3});
    // Column 4 (even) stands lower.
    CHECK(g.step({4, 4}, HexDir::ne) == HexPos{5, 4});
    CHECK(g.step({4, 4}, HexDir::se) == HexPos{5, 5});
    CHECK(g.step({4, 4}, HexDir::sw) == HexPos{3, 5});
    CHECK(g.step({4, 4}, HexDir::nw) == HexPos{3, 4});
    // Rows wrap top to bottom.
    CHECK(g.step({3, 1}, HexDir::n) == HexPos{3, 8});
    CHECK(g.step({3, 8}, HexDir::s) == HexPos{3, 1});
}

TEST_CASE("going straight in any direction for 6 steps returns to the start (figure 2)",
          "[hex]") {
    HexGrid g(6, 6);
    for (int col = 1; col <= 6; ++col)
        for (int row = 1; row <= 6; ++row)
            for (int d = 0; d < 6; ++d) {
                HexPos p{col, row};
                for (int i = 0; i < 6; ++i)
                    p = g.step(p, static_cast<HexDir>(d));
                INFO("H" << col << "," << row << " dir " << d);
                CHECK(p == HexPos{col, row});
            }
}

TEST_CASE("every step has its way back, and the six neighbours differ", "[hex]") {
    HexGrid g(10, 10);
    for (int col = 1; col <= 10; ++col)
        for (int row = 1; row <= 10; ++row) {
            HexPos p{col, row};
            auto ns = g.neighbours(p);
            for (int d = 0; d < 6; ++d) {
                HexPos n = ns[static_cast<std::size_t>(d)];
                CHECK(g.contains(n));
                CHECK(g.step(n, static_cast<HexDir>((d + 3) % 6)) == p);
                for (int e = 0; e < d; ++e)
                    CHECK(!(ns[static_cast<std::size_t>(e)] == n));
            }
        }
}

TEST_CASE("distance equals the breadth-first step count on wrapped maps", "[hex]") {
    for (int size : {6, 8, 14}) {
        HexGrid g(size, size);
        for (int col = 1; col <= size; ++col)
            for (int row = 1; row <= size; row += 3) {
                auto d = bfs(g, {col, row});
                CHECK(d.size() == static_cast<std::size_t>(size * size));
                for (const auto& [p, steps] : d) {
                    INFO(size << ": from " << col << "," << row << " to " << p.first << ","
                              << p.second);
                    CHECK(g.distance({col, row}, {p.first, p.second}) == steps);
                }
            }
    }
    // A large map, from a few hexes.
    HexGrid g(28, 28);
    for (HexPos a : {HexPos{1, 1}, HexPos{14, 14}, HexPos{28, 3}, HexPos{7, 27}}) {
        auto d = bfs(g, a);
        for (const auto& [p, steps] : d)
            CHECK(g.distance(a, {p.first, p.second}) == steps);
    }
}

TEST_CASE("a race's own coordinates put its home at the centre and keep neighbours",
          "[hex]") {
    HexGrid g(28, 28);
    HexPos home{5, 22}, centre{14, 14};
    CHECK(g.translate(home, home, centre) == centre);
    for (int col = 1; col <= 28; col += 5)
        for (int row = 1; row <= 28; row += 4) {
            HexPos p{col, row};
            HexPos t = g.translate(p, home, centre);
            CHECK(g.contains(t));
            // Back to the GM's coordinates.
            CHECK(g.translate(t, centre, home) == p);
            for (int d = 0; d < 6; ++d)
                CHECK(g.translate(g.step(p, static_cast<HexDir>(d)), home, centre) ==
                      g.step(t, static_cast<HexDir>(d)));
        }
}

TEST_CASE("hex maps refuse odd or tiny sizes", "[hex]") {
    CHECK_THROWS(HexGrid(7, 8));
    CHECK_THROWS(HexGrid(8, 1));
    CHECK(parse_hex_dir("NE") == HexDir::ne);
    CHECK(!parse_hex_dir("east"));
}
