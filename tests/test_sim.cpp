// The balance lab (engine/sim): results do not depend on the number of threads, the 95%
// confidence intervals are right, and runs compare seed by seed.

#include <catch2/catch.hpp>

#include "game/scenario.hpp"
#include "sim/sim_compare.hpp"
#include "sim/sim_csv.hpp"
#include "sim/sim_run.hpp"
#include "sim/sim_stats.hpp"
#include "sim/sim_svg.hpp"
#include "support/test_support.hpp"

using namespace hl;
using Catch::Matchers::WithinAbs;

namespace {

Scenario small_scenario() {
    Diagnostics d;
    auto path = test::source_dir() / "scenarios" / "small.toml";
    Scenario sc = parse_scenario(test::slurp(path), path.generic_string(), test::starchase(), d);
    REQUIRE_FALSE(d.has_errors());
    return sc;
}

SimEmpire empire(const std::string& code, const std::string& mode, std::int64_t vps) {
    SimEmpire e;
    e.code = code;
    e.mode = mode;
    e.score = vps;
    return e;
}

}  // namespace

TEST_CASE("Student's t quantiles: the table and the expansion beyond it", "[sim]") {
    CHECK_THAT(t_quantile_975(1), WithinAbs(12.7062, 1e-4));
    CHECK_THAT(t_quantile_975(4), WithinAbs(2.7764, 1e-4));
    CHECK_THAT(t_quantile_975(30), WithinAbs(2.0423, 1e-4));
    CHECK_THAT(t_quantile_975(40), WithinAbs(2.0211, 1e-4));
    CHECK_THAT(t_quantile_975(100), WithinAbs(1.9840, 1e-4));
    CHECK_THAT(t_quantile_975(1000), WithinAbs(1.9623, 1e-4));
    CHECK_THROWS(t_quantile_975(0));
}

TEST_CASE("a mean's 95% confidence interval uses the sample deviation and t", "[sim]") {
    // 1..5: mean 3, sd sqrt(2.5), se sqrt(0.5), t(4) = 2.7764.
    Estimate e = estimate_mean({1, 2, 3, 4, 5});
    CHECK(e.n == 5);
    CHECK_THAT(e.mean, WithinAbs(3.0, 1e-12));
    CHECK_THAT(e.half_width(), WithinAbs(2.7764 * std::sqrt(0.5), 1e-3));
    CHECK_THAT(e.lo, WithinAbs(3.0 - 1.9632, 1e-3));
    Estimate same = estimate_mean({7, 7, 7});
    CHECK(same.lo == 7.0);
    CHECK(same.hi == 7.0);
    Estimate one = estimate_mean({4});
    CHECK_FALSE(one.has_interval());
    CHECK(one.mean == 4.0);
    CHECK(estimate_mean({}).n == 0);
}

TEST_CASE("paired differences subtract seed by seed", "[sim]") {
    // Differences 1, 2, 3: mean 2, sd 1, t(2) = 4.3027.
    Estimate d = paired_difference({1, 2, 3}, {2, 4, 6});
    CHECK_THAT(d.mean, WithinAbs(2.0, 1e-12));
    CHECK_THAT(d.half_width(), WithinAbs(4.3027 / std::sqrt(3.0), 1e-3));
    CHECK_THROWS(paired_difference({1}, {1, 2}));
}

TEST_CASE("the computer players are compared game by game", "[sim]") {
    SimGame a, b;
    a.empires = {empire("ARC", "dropout", 100), empire("BEL", "missed", 40),
                 empire("CAS", "none", 10)};
    b.empires = {empire("ARC", "missed", 90), empire("BEL", "dropout", 80),
                 empire("CAS", "none", 5)};
    std::vector<SimGame> games = {a, b};
    Estimate d = mode_difference(games, "dropout", "missed");
    CHECK(d.n == 2);
    CHECK_THAT(d.mean, WithinAbs((60.0 - 10.0) / 2, 1e-12));
    CHECK(beat_share(games, "dropout", "missed") == 0.5);
    CHECK(beat_share(games, "missed", "none") == 1.0);
    auto stats = mode_stats(games, {"dropout", "missed", "none", "dropout"});
    REQUIRE(stats.size() == 3);
    CHECK(stats[0].mode == "dropout");
    CHECK(stats[0].empires == 2);
    CHECK_THAT(stats[0].score.mean, WithinAbs(90.0, 1e-12));
    CHECK(stats[0].top_share == 0.5);  // it led game a; missed led game b
    CHECK(stats[1].top_share == 0.5);
}

TEST_CASE("the leader's VP share counts surviving empires and no negative VPs", "[sim]") {
    SimGame g;
    g.empires = {empire("ARC", "computer", 60), empire("BEL", "computer", -20),
                 empire("CAS", "computer", 40), empire("DEN", "computer", 500)};
    g.empires[3].eliminated = true;
    g.winner = "ARC";
    CHECK(g.leader().code == "ARC");
    CHECK_THAT(g.leader_share(), WithinAbs(0.6, 1e-12));
}

TEST_CASE("a run gives the same games, CSV and chart whatever the number of threads",
          "[sim][slow]") {
    Scenario sc = small_scenario();
    SimConfig cfg;
    cfg.games = 5;
    cfg.turns = 10;
    cfg.first_seed = 40;
    cfg.modes = {"computer", "dropout", "missed"};
    cfg.jobs = 1;
    SimRun one{"starchase", run_sim(sc, test::starchase(), cfg), sim_columns(test::starchase())};
    cfg.jobs = 3;
    int last = -1;
    SimRun three{"starchase",
                 run_sim(sc, test::starchase(), cfg,
                         [&](int done, int total) {
                             CHECK(done >= last);
                             CHECK(total == 5);
                             last = done;
                         }),
                 sim_columns(test::starchase())};
    CHECK(last == 5);
    REQUIRE(one.games.size() == 5);
    for (std::size_t i = 0; i < one.games.size(); ++i) {
        CHECK(one.games[i].index == static_cast<int>(i));
        CHECK(one.games[i].seed == 40 + i);
    }
    CHECK(games_csv({one}) == games_csv({three}));
    CHECK(empires_csv({one}) == empires_csv({three}));
    CHECK(score_chart_svg({one}, "t") == score_chart_svg({three}, "t"));
    CHECK(empires_csv({one}).find(",missed,") != std::string::npos);
    // Comparing a run with itself: every difference is exactly 0.
    for (const SimComparison& c : compare_runs(one.games, three.games, one.columns)) {
        INFO(c.name);
        CHECK(c.diff.mean == 0.0);
        CHECK(c.diff.lo == 0.0);
        CHECK(c.diff.hi == 0.0);
    }
}

TEST_CASE("CSV fields with commas or quotes are quoted", "[sim]") {
    SimGame g;
    g.seed = 3;
    g.turns = 2;
    g.empires = {empire("ARC", "computer", 5)};
    std::string csv = games_csv({SimRun{"odd,\"pack\"", {g}, sim_columns(test::starchase())}});
    CHECK(csv.find("\n\"odd,\"\"pack\"\"\",0,3,2,0,,,ARC,5,1.0000,") != std::string::npos);
}

TEST_CASE("sim reads the names it needs from the pack and says which one is wrong", "[sim]") {
    SimColumns c = sim_columns(test::starchase());
    CHECK(c.score == "vps");
    CHECK(c.sums == std::vector<std::string>{"population", "industry", "cruisers"});
    SimGame g;
    g.empires = {empire("ARC", "computer", 5)};
    g.empires[0].owned = 2;
    g.empires[0].sums = {7, 3, 4};
    g.empires[0].levels = 9;
    std::string csv = empires_csv({SimRun{"starchase", {g}, c}});
    CHECK(csv ==
          "pack,game,seed,empire,mode,rank,vps,systems,population,industry,cruisers,techs,"
          "eliminated\nstarchase,0,0,ARC,computer,1,5,2,7,3,4,9,0\n");
    Diagnostics d;
    Pack bad = Pack::load(test::source_dir() / "tests" / "data" / "packs" / "bad_sim", d);
    REQUIRE_FALSE(d.has_errors());
    CHECK_THROWS_WITH(sim_columns(bad), Catch::Contains("sim.score names 'gold', which is not a "
                                                        "field of the record kind 'empire'"));
}
