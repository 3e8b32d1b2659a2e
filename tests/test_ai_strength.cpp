// The computer players must matter (issue 7): in self-play the dropout player beats the
// missed-orders player, and both beat an empire that does nothing. Measured over 24 seeded
// games each on the small scenario (random maps) and on fixed6 (one fixed map of 157
// systems), with the players rotated over the empires; the seeds are fixed, so the test is
// deterministic. "Beats" means the 95% confidence interval of the per-game VP difference lies
// above 0 and the stronger player ends with more VPs in most pairings. The figures are in
// docs/computer-players.md (hyperlane sim --modes dropout,missed,none reproduces them).

#include <catch2/catch.hpp>

#include "game/scenario.hpp"
#include "sim/sim_compare.hpp"
#include "sim/sim_run.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

std::vector<SimGame> play(const std::string& name) {
    Diagnostics d;
    auto path = test::source_dir() / "scenarios" / (name + ".toml");
    Scenario sc = parse_scenario(test::slurp(path), path.generic_string(), test::starchase(), d);
    REQUIRE_FALSE(d.has_errors());
    SimConfig cfg;
    cfg.games = 24;
    cfg.turns = 50;
    cfg.jobs = 2;
    cfg.first_seed = 1;
    cfg.modes = {"dropout", "missed", "none"};
    return run_sim(sc, test::starchase(), cfg);
}

void require_beats(const std::vector<SimGame>& games, const std::string& a, const std::string& b,
                   double min_share) {
    Estimate d = mode_difference(games, a, b);
    double share = beat_share(games, a, b);
    INFO(a << " - " << b << ": " << d.mean << " VPs per game [" << d.lo << ", " << d.hi
           << "], more VPs in " << share * 100 << "% of pairings");
    CHECK(d.n >= 16);
    CHECK(d.lo > 0);
    CHECK(share >= min_share);
}

}  // namespace

TEST_CASE("the dropout player beats the missed-orders player and both beat doing nothing",
          "[ai][strength][slow]") {
    for (const char* name : {"small", "fixed6"}) {
        SECTION(name) {
            std::vector<SimGame> games = play(name);
            require_beats(games, "dropout", "missed", 0.75);
            require_beats(games, "dropout", "none", 0.95);
            require_beats(games, "missed", "none", 0.95);
        }
    }
}
