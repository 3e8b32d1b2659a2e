// The engine RNG: streams derived from (seed, turn, empire, slot, purpose), bounded draws
// without standard-library distributions.

#include <catch2/catch.hpp>

#include <array>
#include <set>
#include <vector>

#include <fmt/format.h>
#include <pcg_random.hpp>

#include "core/rng.hpp"

using namespace hl;

namespace {

std::vector<std::uint32_t> draws(const StreamKey& k, int n) {
    Rng r(k);
    std::vector<std::uint32_t> out;
    for (int i = 0; i < n; ++i)
        out.push_back(r.next_u32());
    return out;
}

}  // namespace

TEST_CASE("the same key gives the same stream, any change gives another", "[rng]") {
    StreamKey k{42, 3, "ARC", 5, "battle"};
    CHECK(draws(k, 20) == draws(k, 20));
    std::set<std::vector<std::uint32_t>> distinct;
    distinct.insert(draws(k, 8));
    distinct.insert(draws({43, 3, "ARC", 5, "battle"}, 8));
    distinct.insert(draws({42, 4, "ARC", 5, "battle"}, 8));
    distinct.insert(draws({42, 3, "BEL", 5, "battle"}, 8));
    distinct.insert(draws({42, 3, "ARC", 6, "battle"}, 8));
    distinct.insert(draws({42, 3, "ARC", 5, "find"}, 8));
    // Fields must not run together: ("AR", 15) differs from ("ARC", 5)-like shifts.
    distinct.insert(draws({42, 3, "AR", 15, "battle"}, 8));
    CHECK(distinct.size() == 7);
}

TEST_CASE("bounded draws stay in range and are close to uniform", "[rng]") {
    Rng r(StreamKey{1, 0, "", 0, "uniform"});
    std::array<int, 6> counts{};
    const int n = 60000;
    for (int i = 0; i < n; ++i) {
        std::uint32_t v = r.below(6);
        REQUIRE(v < 6);
        counts[v]++;
    }
    // Chi-square with 5 degrees of freedom; 20.5 is the 0.1% critical value.
    double chi = 0;
    for (int c : counts)
        chi += (c - n / 6.0) * (c - n / 6.0) / (n / 6.0);
    CHECK(chi < 20.5);
    for (int i = 0; i < 1000; ++i) {
        auto v = r.range(5, 9);
        REQUIRE(v >= 5);
        REQUIRE(v <= 9);
    }
    CHECK(r.range(3, 3) == 3);
    CHECK_THROWS(r.below(0));
    CHECK_THROWS(r.range(2, 1));
    for (int i = 0; i < 1000; ++i) {
        double u = r.unit();
        REQUIRE(u >= 0.0);
        REQUIRE(u < 1.0);
    }
}

TEST_CASE("weighted draws follow the weights and never pick a zero weight", "[rng]") {
    Rng r(StreamKey{9, 0, "", 0, "weighted"});
    const std::int64_t w[] = {1, 0, 3};
    std::array<int, 3> counts{};
    const int n = 40000;
    for (int i = 0; i < n; ++i)
        counts[r.weighted(w)]++;
    CHECK(counts[1] == 0);
    // Expected 1/4 and 3/4; allow 2% absolute.
    CHECK(std::abs(counts[0] / double(n) - 0.25) < 0.02);
    CHECK(std::abs(counts[2] / double(n) - 0.75) < 0.02);
    const std::int64_t zero[] = {0, 0};
    CHECK_THROWS(r.weighted(zero));
}

TEST_CASE("a stream's seed is FNV-1a of \"seed|turn|empire|slot|purpose\", as it always was",
          "[rng]") {
    // The engine hashes the key without building the text; every game's dice depend on it
    // staying the same.
    const StreamKey keys[] = {
        {0, 0, "", 0, ""},
        {42, 7, "ARC", 3, "action"},
        {18446744073709551615ULL, 2147483647, "LYR", -1, "ai"},
        {123456789, -5, "B", -2147483647 - 1, "a purpose with spaces"},
    };
    for (const StreamKey& k : keys) {
        std::uint64_t h =
            fnv1a64(fmt::format("{}|{}|{}|{}|{}", k.seed, k.turn, k.empire, k.slot, k.purpose));
        pcg32 reference(mix64(h), mix64(h ^ 0x5851f42d4c957f2dULL));
        Rng r(k);
        for (int i = 0; i < 8; ++i)
            CHECK(r.next_u32() == reference());
    }
}
