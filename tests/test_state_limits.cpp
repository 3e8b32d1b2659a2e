// Issue 11, item 14: the engine never writes a state it would refuse to read. A tech level is
// limited by the pack's schema (rules/starchase/schema.toml: techs max 1000000): a scenario
// value past it is refused where it enters, with its file and line, and a turn whose research
// would raise a level past it fails before anything is written, so the game still loads.

#include <catch2/catch.hpp>

#include "game/game_dir.hpp"
#include "game/new_game.hpp"
#include "game/play_turn.hpp"
#include "game/scenario.hpp"
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

TEST_CASE("a turn that would raise a tech past the state's limit writes nothing",
          "[state][errors]") {
    GameDir dir(test::make_game(test::data_dir() / "scenarios" / "tech_at_max.toml", "tech-max"));
    LoadedGame before = load_game(dir);
    CHECK(before.state.empire_entry("ARC", "techs", "WT") == 1000000);
    std::string state0 = test::slurp(dir.turn_dir(0) / "state.toml");
    // The research of turn 1 can only draw WT for ARC (its only level above 0).
    CHECK_THROWS(play_next_turn(dir));
    CHECK(dir.latest_turn() == std::optional<int>(0));
    CHECK_FALSE(fs::exists(dir.turn_dir(1) / "state.toml"));
    CHECK(test::slurp(dir.turn_dir(0) / "state.toml") == state0);
    LoadedGame after = load_game(dir);  // still loads
    CHECK(after.state.turn == 0);
}
