// Issue 11, item 14: the engine never writes a state it would refuse to read. A tech level is
// limited by the pack's schema (rules/starchase/schema.toml: techs max 1000000): a scenario
// value past it is refused where it enters, with its file and line. Issue 25: a scenario may
// give a tech that very level, and no rule then pushes it past (research leaves it out, as a
// tech at its cap; TECH and TAKE refuse to go higher), so every later turn plays.

#include <catch2/catch.hpp>

#include "game/game_dir.hpp"
#include "game/new_game.hpp"
#include "game/play_turn.hpp"
#include "game/scenario.hpp"
#include "game/turnsheet_check.hpp"
#include "io/atomic_file.hpp"
#include "support/state_support.hpp"
#include "support/test_support.hpp"

using namespace hl;
namespace fs = std::filesystem;

TEST_CASE("a scenario tech level past the state's limit is refused with its place",
          "[state][errors]") {
    fs::path file = test::temp_dir("tech-too-high") / "scenario.toml";
    std::string text = test::slurp(test::data_dir() / "scenarios" / "tech_at_max.toml");
    auto at = text.find("WT = 1000000");
    REQUIRE(at != std::string::npos);
    text.replace(at, 12, "WT = 1000001");
    write_file_atomic(file, text);
    Diagnostics d;
    std::string shown = file.generic_string();
    std::string all;
    try {
        Scenario sc = parse_scenario(text, shown, test::starchase(), d);
        if (!d.has_errors()) create_game(sc, test::starchase(), 1);
        all = d.to_string();
    } catch (const InputError& e) {
        all = e.diagnostics().to_string();
    }
    INFO(all);
    CHECK_THAT(all, Catch::Contains(shown + ":20:"));
    CHECK_THAT(all, Catch::Contains("1000001"));
}

TEST_CASE("a tech at the state's limit stays there: research leaves it out", "[state][errors]") {
    GameDir dir(test::make_game(test::data_dir() / "scenarios" / "tech_at_max.toml", "tech-max"));
    LoadedGame before = load_game(dir);
    CHECK(before.state.empire_entry("ARC", "techs", "WT") == 1000000);
    // ARC's only level above 0 is WT, at the most a state holds: research has nothing to draw
    // for ARC, as for a tech at its cap (rule 7.7), and every turn plays.
    for (int turn = 1; turn <= 2; ++turn) {
        play_next_turn(dir);
        CHECK(dir.latest_turn() == std::optional<int>(turn));
    }
    LoadedGame after = load_game(dir);
    CHECK(after.state.empire_entry("ARC", "techs", "WT") == 1000000);
    CHECK(after.state.empire_entry("ARC", "techs", "AT") == 0);
    // Values at the most the state holds that the end of every turn raises stay there too: the
    // census of turn 1 adds no VPs past it, unused BPs stash nothing past the treasury's top and
    // build no cruisers past the most a system holds.
    constexpr std::int64_t kTop = 1'000'000'000'000'000;
    CHECK(test::emp(after.state, "ARC", "vps") == kTop);
    CHECK(test::emp(after.state, "ARC", "treasury") == kTop);
    CHECK(test::hold(after.state, 102, "cruisers") == 100'000'000);
    // A TECH order for it is refused by the check as past the tech's top level.
    CHECK(check_sheet("EMPIRE ARC\nSECRET ARCKEY\nTURN 3\nTECH WT\n", "t.txt", after)
              .findings.to_string() ==
          "t.txt:4:6: error: TECH WHICH TECH WT: WT may not exceed level 1000000\n");
}
