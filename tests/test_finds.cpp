// Old Empire finds (rule 3.11, RULINGS.md "Old Empire finds") over many seeds: whatever the
// draw, each find stays within its limits and changes the state by exactly what it reports.

#include <map>
#include <set>
#include <string>

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "support/state_support.hpp"
#include "support/turn_support.hpp"

using namespace hl;

namespace {

// ARC at 101 with cruisers to spare, next to six stars and a planet nobody ever owned.
std::string scenario(int et) {
    return fmt::format(R"(
[scenario]
name = "finds"
rules = "starchase"
order = ["ARC"]
next_census = 9

[map]
places = [
  {{ code = "101", kind = "yellow", x = 1, y = 1, links = ["102", "103", "104", "105", "106", "107", "111"] }},
  {{ code = "111", kind = "planet", parent = "101" }},
  {{ code = "102", kind = "yellow", x = 2, y = 1, links = ["101"] }},
  {{ code = "103", kind = "white", x = 0, y = 1, links = ["101"] }},
  {{ code = "104", kind = "red", x = 1, y = 2, links = ["101"] }},
  {{ code = "105", kind = "yellow", x = 1, y = 0, links = ["101"] }},
  {{ code = "106", kind = "red_giant", x = 2, y = 2, links = ["101"] }},
  {{ code = "107", kind = "super_giant", x = 0, y = 0, links = ["101"] }},
]

[[empire]]
code = "ARC"
name = "Arcturans"
balance = 20
treasury = 0
vps = 0
techs = {{ ET = {} }}

[[holding]]
system = "101"
owner = "ARC"
population = 2
industry = 2
cruisers = 20
)",
                       et);
}

const std::set<std::string> kUncapped = {"BP", "CL", "TR"};
const int kTechMax = 5;

}  // namespace

TEST_CASE("Old Empire finds stay within their limits over many seeds", "[finds]") {
    std::map<std::string, int> seen;
    int population_on_planets = 0;
    for (int et : {1, 4, 7}) {
        for (std::uint64_t seed = 1; seed <= 40; ++seed) {
            auto g = test::game_from_text(scenario(et), seed);
            const GameState before = g->state;
            TurnInput in;
            Turnsheet arc;
            arc.empire = "ARC";
            const int targets[] = {102, 103, 104, 105, 106, 107, 111};
            int slot = 0;
            for (int t : targets)
                arc.orders.push_back(
                    test::make_order(g->actions, ++slot, "MOVE", "101", std::to_string(t), "1"));
            in.sheets["ARC"] = arc;
            in.end_of_turn = false;
            TurnRecord rec = g->run(in);
            REQUIRE(rec.actions.size() == 7);

            int vps = 0, bps = 0, treasury = 0;
            std::map<std::string, int> levels;
            for (std::size_t i = 0; i < rec.actions.size(); ++i) {
                const ActionResult& r = rec.actions[i];
                const int sys = targets[i];
                INFO(fmt::format("ET {} seed {} system {:03d}: {}", et, seed, sys,
                                 r.details.dump()));
                REQUIRE(r.ok);
                REQUIRE(r.details.contains("find"));
                const auto& f = r.details.at("find");
                const std::string kind = f.at("kind").get<std::string>();
                const int n = f.at("amount").get<int>();
                seen[kind] += 1;
                CHECK(test::owner(g->state, sys) == "ARC");
                int cruisers = 1, fighters = 0, colony = 0, industry = 0, population = 0;
                if (kind == "nothing") {
                    CHECK(n == 0);
                } else if (kind == "colony_ship") {
                    CHECK(n == 1);  // colony ships are found one at a time
                    colony = n;
                } else if (kind == "cruisers" || kind == "fighters" || kind == "industry" ||
                           kind == "population") {
                    CHECK(n >= 1);
                    CHECK(n <= et);  // uniform 1..ET
                    if (kind == "cruisers") cruisers += n;
                    if (kind == "fighters") fighters = n;
                    if (kind == "industry") industry = n;
                    if (kind == "population") {
                        CHECK(sys == 111);  // people are found only on planets
                        ++population_on_planets;
                        population = n;
                    }
                } else if (kind == "vps" || kind == "bps" || kind == "treasury") {
                    CHECK(n >= 1);
                    CHECK(n <= 2 * et);  // up to double the expo tech
                    if (kind == "vps") vps += n;
                    if (kind == "bps") bps += n;
                    if (kind == "treasury") treasury += n;
                } else if (kind == "tech") {
                    const std::string tech = f.at("tech").get<std::string>();
                    CHECK(n >= 1);
                    CHECK(n <= (kUncapped.count(tech) ? et : std::min(et, kTechMax)));
                    levels[tech] += n;
                } else {
                    FAIL("unknown find kind " << kind);
                }
                CHECK(test::hold(g->state, sys, "cruisers") == cruisers);
                CHECK(test::hold(g->state, sys, "fighters") == fighters);
                CHECK(test::hold(g->state, sys, "colony_ships") == colony);
                CHECK(test::hold(g->state, sys, "industry") == industry);
                CHECK(test::hold(g->state, sys, "population") == population);
            }
            const GameState& after = g->state;
            INFO(fmt::format("ET {} seed {}", et, seed));
            CHECK(test::emp(after, "ARC", "vps") == test::emp(before, "ARC", "vps") + vps);
            // Seven MOVEs at 1 BP.
            CHECK(test::emp(after, "ARC", "balance") ==
                  test::emp(before, "ARC", "balance") - 7 + bps);
            CHECK(test::emp(after, "ARC", "treasury") ==
                  test::emp(before, "ARC", "treasury") + treasury);
            for (const auto& [tech, level] : test::techs(before, "ARC"))
                CHECK(test::tech(after, "ARC", tech) == level + levels[tech]);
            for (const auto& [tech, n] : levels)
                CHECK(test::tech(after, "ARC", tech) == test::tech(before, "ARC", tech) + n);
        }
    }
    // Over 840 finds every kind of the table turns up, people only on the planet.
    for (const char* kind : {"nothing", "cruisers", "fighters", "colony_ship", "industry",
                             "population", "vps", "bps", "treasury", "tech"}) {
        INFO(kind);
        CHECK(seen[kind] > 0);
    }
    CHECK(population_on_planets == seen["population"]);
}
