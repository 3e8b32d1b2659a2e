// Creating games: the standard generator's invariants over many seeds, the start position
// of rules 1.2 and 7.1 worked out by hand, determinism, and fixed-map scenarios.

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>

#include "game/game_dir.hpp"
#include "game/new_game.hpp"
#include "io/atomic_file.hpp"
#include "io/state_io.hpp"
#include "support/state_support.hpp"
#include "support/test_support.hpp"

using namespace hl;
namespace fs = std::filesystem;

namespace {

Scenario scenario_from_file(const fs::path& file, const Pack& pack) {
    Diagnostics d;
    Scenario sc = parse_scenario(test::slurp(file), file.generic_string(), pack, d);
    INFO(d.to_string());
    REQUIRE_FALSE(d.has_errors());
    return sc;
}

Scenario standard() {
    return scenario_from_file(test::source_dir() / "scenarios/standard.toml", test::starchase());
}

Scenario parse_text(const std::string& text, Diagnostics& d) {
    return parse_scenario(text, "test.toml", test::starchase(), d);
}

// Population limits of rule 2.7, black dwarfs counting 0 (the points target, rule 8.3).
int limit_of(const std::string& kind) {
    static const std::map<std::string, int> limits = {
        {"yellow", 5},    {"white", 3},       {"red", 2},     {"black", 0},
        {"red_giant", 1}, {"super_giant", 6}, {"planet", 50}, {"belt", 9}};
    return limits.at(kind);
}

}  // namespace

TEST_CASE("standard galaxies keep every map rule over 50 seeds", "[generator]") {
    const Pack& pack = test::starchase();
    Scenario sc = standard();
    std::map<std::string, int> research_counts;
    std::set<std::vector<std::string>> orders;
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
        INFO("seed " << seed);
        GameState st = create_game(sc, pack, seed);
        const Galaxy& g = st.galaxy;
        REQUIRE(g.connected());
        int black = 0;
        int target = 0;
        for (const auto& [code, s] : g.places()) {
            target += limit_of(s.kind);
            REQUIRE(code >= 100);
            if (s.kind == "black") ++black;
            if (s.inner()) {
                // Planets and belts are linked to their parent star only.
                REQUIRE(s.links == std::vector<PlaceCode>{*s.parent});
                REQUIRE_FALSE(g.at(*s.parent).inner());
                REQUIRE((s.kind == "planet" || s.kind == "belt"));
            } else {
                REQUIRE(s.links.size() <= 7);
                for (PlaceCode l : s.links)
                    if (!g.at(l).inner()) REQUIRE(g.segment_clear(code, l));
            }
        }
        CHECK(black > 0);
        CHECK(test::game(st, "points_target") == target);
        CHECK(test::game(st, "next_census") >= 2);
        CHECK(test::game(st, "next_census") <= 5);

        // Start positions: far apart, yellow dwarf with a home planet, holdings of rule 1.2.
        std::vector<PlaceCode> bases;
        REQUIRE(st.empires.size() == 12);
        for (const Empire& e : st.empires) {
            auto base = test::emp_place(st, e.code, "base");
            auto home = test::emp_place(st, e.code, "home");
            REQUIRE(base);
            REQUIRE(home);
            const Place& star = g.at(*base);
            const Place& planet = g.at(*home);
            CHECK(star.kind == "yellow");
            CHECK(planet.kind == "planet");
            CHECK(planet.parent == *base);
            bases.push_back(*base);
            CHECK(test::owner(st, *home) == e.code);
            CHECK(test::hold(st, *home, "population") == 20);
            CHECK(test::hold(st, *home, "industry") == 10);
            CHECK(test::hold(st, *home, "fighters") == 2);
            CHECK(test::hold(st, *home, "cruisers") == 0);
            CHECK(test::hold(st, *home, "colony_ships") == 0);
            CHECK(test::owner(st, *base) == e.code);
            CHECK(test::hold(st, *base, "population") == 2);
            CHECK(test::hold(st, *base, "industry") == 2);
            CHECK(test::hold(st, *base, "colony_ships") == 1);
            CHECK(test::hold(st, *base, "fighters") == 2);
            CHECK(test::hold(st, *base, "cruisers") == 5);
            CHECK(test::mode(st, *base) == "retreat");
            CHECK_FALSE(test::hold_place(st, *base, "retreat").has_value());
            CHECK(test::owned_by(st, e.code).size() == 2);
            CHECK(test::emp(st, e.code, "treasury") == 50);
            CHECK(test::emp(st, e.code, "vps") == 0);
            // Tech levels of rule 7.1 plus exactly one level of research (rule 7.7), which can
            // only land on a tech already above zero.
            std::vector<std::string> raised;
            for (const TechDef& t : pack.techs()) {
                std::int64_t diff = test::tech(st, e.code, t.code) - t.start;
                REQUIRE((diff == 0 || diff == 1));
                if (diff == 1) raised.push_back(t.code);
            }
            REQUIRE(raised.size() == 1);
            REQUIRE(pack.tech(raised[0])->start == 1);
            research_counts[raised[0]]++;
            // Balance for turn 1, by hand: income 31 (planet: 20 + min(20,10) + min(20,AT 1))
            // + 5 (star: 2 + min(2,2) + min(2,2,IT 1)) + BP 1 = 37; supply: planet
            // max(0, 6/3 - 20) = 0, star floor(76/3) - 2 = 23; 37 - 23 + 10 extra = 24.
            // Research into AT, IT or BP adds one BP of income.
            int bonus = (raised[0] == "AT" || raised[0] == "IT" || raised[0] == "BP") ? 1 : 0;
            CHECK(test::emp(st, e.code, "balance") == 24 + bonus);
        }
        // At least 5 links between any two home stars (galaxy.min_home_hops).
        for (std::size_t a = 0; a < bases.size(); ++a) {
            auto hops = g.hops_from(bases[a]);
            for (std::size_t b = a + 1; b < bases.size(); ++b)
                CHECK(hops.at(bases[b]) >= 5);
        }
        // Nothing else is owned at the start.
        int owned = 0;
        for (const auto& [code, s] : g.places())
            owned += test::owner(st, code).empty() ? 0 : 1;
        CHECK(owned == 24);
        std::vector<std::string> order = st.order_of_play;
        orders.insert(order);
        std::sort(order.begin(), order.end());
        std::vector<std::string> codes;
        for (const Empire& e : st.empires)
            codes.push_back(e.code);
        CHECK(order == codes);
    }
    // The first order of play is random.
    CHECK(orders.size() > 40);
    // Research picks each of the seven level-1 techs with equal chance: 600 draws, chi-square
    // with 6 degrees of freedom under 22.46 (0.1% level).
    double expected = 600.0 / 7.0, chi = 0;
    for (const char* c : {"AT", "BL", "BP", "ET", "IT", "PT", "TR"}) {
        double n = research_counts[c];
        chi += (n - expected) * (n - expected) / expected;
    }
    CHECK(chi < 22.46);
}

TEST_CASE("small galaxies keep the map rules too", "[generator]") {
    const Pack& pack = test::starchase();
    Scenario sc = scenario_from_file(test::source_dir() / "scenarios/small.toml", pack);
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
        INFO("seed " << seed);
        GameState st = create_game(sc, pack, seed);
        REQUIRE(st.galaxy.connected());
        REQUIRE(st.empires.size() == 4);
        for (const auto& [code, s] : st.galaxy.places())
            if (!s.inner()) REQUIRE(s.links.size() <= 7);
        std::vector<PlaceCode> bases;
        for (const Empire& e : st.empires)
            bases.push_back(*test::emp_place(st, e.code, "base"));
        for (std::size_t a = 0; a < bases.size(); ++a) {
            auto hops = st.galaxy.hops_from(bases[a]);
            for (std::size_t b = a + 1; b < bases.size(); ++b)
                CHECK(hops.at(bases[b]) >= 4);
        }
    }
}

TEST_CASE("the same scenario and seed give byte-identical game folders",
          "[generator][determinism]") {
    const Pack& pack = test::starchase();
    Scenario sc = standard();
    fs::path a = test::temp_dir("same-a") / "game";
    fs::path b = test::temp_dir("same-b") / "game";
    write_new_game(GameDir(a), sc, pack, create_game(sc, pack, 77));
    write_new_game(GameDir(b), sc, pack, create_game(sc, pack, 77));
    std::vector<fs::path> files;
    for (auto& e : fs::recursive_directory_iterator(a))
        if (e.is_regular_file()) files.push_back(e.path().lexically_relative(a));
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() > 5);
    for (const auto& f : files) {
        INFO(f);
        REQUIRE(fs::exists(b / f));
        // game.toml differs in its secrets only, which come from the kernel (test_secrets.cpp).
        if (f == "game.toml") continue;
        CHECK(test::slurp(a / f) == test::slurp(b / f));
    }
    LoadedGame ga = load_game(GameDir(a)), gb = load_game(GameDir(b));
    ga.info.secrets.clear();
    gb.info.secrets.clear();
    CHECK(game_info_to_toml(ga.info) == game_info_to_toml(gb.info));
    // Another seed gives another map.
    CHECK(state_to_toml(create_game(sc, pack, 78)) != state_to_toml(create_game(sc, pack, 77)));
}

TEST_CASE("a new game is written whole or not at all", "[game-dir]") {
    const Pack& pack = test::starchase();
    Scenario sc = standard();
    fs::path dir = test::temp_dir("exists");
    test::slurp(dir);  // exists, empty: allowed
    write_new_game(GameDir(dir), sc, pack, create_game(sc, pack, 5));
    CHECK(fs::exists(GameDir(dir).state_file(0)));
    CHECK(fs::exists(GameDir(dir).rules_dir() / "starchase" / "galaxy.lua"));
    CHECK(GameDir(dir).latest_turn() == 0);
    // A second game into the same folder is refused and changes nothing.
    std::string before = test::slurp(GameDir(dir).state_file(0));
    CHECK_THROWS_AS(write_new_game(GameDir(dir), sc, pack, create_game(sc, pack, 6)), InputError);
    CHECK(test::slurp(GameDir(dir).state_file(0)) == before);
    // The game loads back, secrets included, from its own copy of the rules.
    LoadedGame g = load_game(GameDir(dir));
    CHECK(g.state.turn == 0);
    CHECK(g.pack.top().id == "starchase");
    CHECK(g.info.seed == 5);
    for (const Empire& e : g.state.empires)
        CHECK(e.secret.size() == 10);
    CHECK(state_to_toml(g.state) == before);
}

TEST_CASE("a fixed map with fixed holdings is used exactly as written", "[scenario][fixed]") {
    const Pack& pack = test::starchase();
    Scenario sc = scenario_from_file(test::data_dir() / "scenarios" / "fixed_holdings.toml", pack);
    GameState st = create_game(sc, pack, 1);
    REQUIRE(st.galaxy.size() == 5);
    CHECK(st.galaxy.linked(101, 102));
    CHECK(st.galaxy.linked(101, 111));
    CHECK(st.galaxy.at(111).parent == 101);
    CHECK(test::owner(st, 101) == "ARC");
    CHECK(test::hold(st, 101, "cruisers") == 7);
    CHECK(test::mode(st, 101) == "ambush");
    CHECK(test::hold_place(st, 101, "ambush") == 102);
    const Empire* arc = st.find_empire("ARC");
    CHECK(test::emp(st, "ARC", "treasury") == 12);
    CHECK(test::emp(st, "ARC", "balance") == 30);
    CHECK(test::tech(st, "ARC", "WT") == 3);
    // The pack's start level, untouched: no research on fixed games.
    CHECK(test::tech(st, "ARC", "AT") == 1);
    CHECK(arc->secret == "OPENSESAME");
    CHECK(st.order_of_play == std::vector<std::string>{"BEL", "ARC"});
    CHECK(test::game(st, "next_census") == 3);
    // Points target from the pack rule: yellow 5 + planet 50 + red 2 + black 0 + belt 9.
    CHECK(test::game(st, "points_target") == 66);
}

TEST_CASE("a fixed map with start positions gets the standard set-up", "[scenario][fixed]") {
    const Pack& pack = test::starchase();
    Scenario sc = scenario_from_file(test::data_dir() / "scenarios" / "fixed_starts.toml", pack);
    GameState st = create_game(sc, pack, 3);
    CHECK(test::emp_place(st, "ARC", "base") == 101);  // fixed by the scenario
    CHECK(test::emp_place(st, "ARC", "home") == 111);
    CHECK(test::hold(st, 111, "population") == 20);
    CHECK(test::emp_place(st, "BEL", "base") == 104);
    CHECK(test::hold(st, 104, "cruisers") == 5);
}

TEST_CASE("scenario errors are reported with file, line and key", "[scenario][errors]") {
    Diagnostics d;
    parse_text(
        "[scenario]\nname = \"x\"\nrules = \"starchase\"\n"
        "[[empire]]\ncode = \"arc\"\nname = \"A\"\n"
        "[[empire]]\ncode = \"BEL\"\nname = \"B\"\ntechs = { XX = 2 }\n"
        "[[empire]]\ncode = \"BEL\"\nname = \"C\"\ncolour = \"red\"\n",
        d);
    std::string all = d.to_string();
    INFO(all);
    CHECK(all.find("test.toml:5:8: error: empire[0].code: \"arc\" is not an empire code") !=
          std::string::npos);
    CHECK(all.find("empire[2].code: empire BEL is listed twice") != std::string::npos);
    // A rejected empire's other keys are not reported again as unknown.
    CHECK(all.find("empire[0].name") == std::string::npos);
    CHECK(all.find("test.toml:14:1: error: empire[2].colour: unknown key") == std::string::npos);

    Diagnostics d2;
    Scenario sc = parse_text(
        "[scenario]\nname = \"x\"\nrules = \"starchase\"\n[galaxy]\n"
        "stars_per_empire = \"many\"\nspiral_arms = 4\n"
        "[[empire]]\ncode = \"ARC\"\nname = \"A\"\n",
        d2);
    REQUIRE_FALSE(d2.has_errors());
    try {
        create_game(sc, test::starchase(), 1);
        FAIL("expected an error");
    } catch (const InputError& e) {
        std::string msg = e.diagnostics().to_string();
        INFO(msg);
        CHECK(msg.find("test.toml:5:1: error: galaxy.stars_per_empire: expected a number") !=
              std::string::npos);
        CHECK(msg.find("test.toml:6:1: error: galaxy.spiral_arms: unknown parameter") !=
              std::string::npos);
    }

    // Fields are checked against the schema once the game is made: unknown techs and levels
    // above a tech's cap, at the line that gives them.
    Diagnostics d3;
    Scenario techs = parse_text(
        "[scenario]\nname = \"x\"\nrules = \"starchase\"\n"
        "[[empire]]\ncode = \"ARC\"\nname = \"A\"\ntechs = { XX = 2 }\n"
        "[[empire]]\ncode = \"BEL\"\nname = \"B\"\ntechs = { PT = 10 }\n",
        d3);
    REQUIRE_FALSE(d3.has_errors());
    try {
        create_game(techs, test::starchase(), 1);
        FAIL("expected an error");
    } catch (const InputError& e) {
        std::string msg = e.diagnostics().to_string();
        INFO(msg);
        CHECK_THAT(msg, Catch::Contains("test.toml:7:9: error: techs: XX: not one of the codes of "
                                        "techs"));
        CHECK_THAT(msg, Catch::Contains("test.toml:11:9: error: techs: PT: 10 is outside 0..9"));
    }
}

TEST_CASE("[scenario] empires = N makes up N empires, within the pack's limit",
          "[scenario][errors]") {
    // The standard pack: three capital letters, from AAA; max_empires = 26.
    Diagnostics ok;
    Scenario three =
        parse_text("[scenario]\nname = \"x\"\nrules = \"starchase\"\nempires = 3\n", ok);
    REQUIRE_FALSE(ok.has_errors());
    REQUIRE(three.empires.size() == 3);
    CHECK(three.empires[0].code == "AAA");
    CHECK(three.empires[1].code == "AAB");
    CHECK(three.empires[2].code == "AAC");
    CHECK(three.empires[2].name == "Empire 3");
    // Far more than the pack allows is refused at once, not after making up 90,000 codes (a
    // fuzzer's input with empires = 9037 took minutes: each code was counted up from AAA).
    for (const char* n : {"27", "90000"}) {
        Diagnostics d;
        Scenario many = parse_text(
            std::string("[scenario]\nname = \"x\"\nrules = \"starchase\"\nempires = ") + n + "\n",
            d);
        CHECK_THAT(d.to_string(), Catch::Contains(std::string(n) + " empires given; the pack "
                                                                   "allows at most 26"));
        CHECK(many.empires.size() <= 26);
    }
}
