// The GM's voice in the reports (rules 1.3, 1.4, 1.9; RULINGS.md "Set-up and the GM"), end to
// end: every report of a turn, the empires' and the game report, shows the GM's name and
// address from game.toml and the GM's messages for that turn (orders/NNNN/GM.toml, read by
// game/gm_messages.hpp), in text, HTML and JSON, as the pack's report documents lay them out.

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "game/game_dir.hpp"
#include "game/gm_messages.hpp"
#include "game/play_turn.hpp"
#include "io/atomic_file.hpp"
#include "support/test_support.hpp"

using namespace hl;
namespace fs = std::filesystem;

TEST_CASE("every report of a turn shows the GM's name, address and messages", "[gm][report]") {
    GameDir dir(test::make_game(test::source_dir() / "scenarios" / "small.toml", "gm-reports"));
    GameInfo info = load_game(dir).info;
    info.gm = "Cleo";
    info.gm_address = "cleo@example.org";
    write_file_atomic(dir.game_file(), game_info_to_toml(info));
    add_gm_message(dir, 1, "Welcome to the game <b>&</b>");
    add_gm_message(dir, 1, "Deadline: Friday");
    add_gm_message(dir, 2, "Only for turn 2");
    play_next_turn(dir);
    fs::path reports = dir.turn_dir(1) / "reports";
    for (const std::string who : {"ARC", "DEN", "game"}) {
        INFO(who);
        std::string txt = test::slurp(reports / (who + ".txt"));
        CHECK_THAT(txt, Catch::Contains("Cleo <cleo@example.org>"));
        CHECK_THAT(txt, Catch::Contains("From the GM\n-----------\n"
                                        "Welcome to the game <b>&</b>\n\n"
                                        "Deadline: Friday\n"));
        CHECK_THAT(txt, !Catch::Contains("Only for turn 2"));
        std::string html = test::slurp(reports / (who + ".html"));
        CHECK_THAT(html, Catch::Contains("Cleo &lt;cleo@example.org&gt;"));
        CHECK_THAT(html, Catch::Contains("<p>Welcome to the game &lt;b&gt;&amp;&lt;/b&gt;</p>"));
        std::string json = nlohmann::json::parse(test::slurp(reports / (who + ".json"))).dump();
        CHECK_THAT(json, Catch::Contains("\"Welcome to the game <b>&</b>\""));
        CHECK_THAT(json, Catch::Contains("\"Deadline: Friday\""));
        CHECK_THAT(json, Catch::Contains("Cleo <cleo@example.org>"));
    }
    CHECK_THAT(test::slurp(reports / "game.txt"), Catch::Contains("GM: Cleo <cleo@example.org>\n"));
    // Turn 2 shows its own message only.
    play_next_turn(dir);
    std::string game2 = test::slurp(dir.turn_dir(2) / "reports" / "game.txt");
    CHECK_THAT(game2, Catch::Contains("From the GM\n-----------\nOnly for turn 2\n"));
    CHECK_THAT(game2, !Catch::Contains("Welcome"));
}

TEST_CASE("a report without a GM name, address or messages has no GM lines", "[gm][report]") {
    GameDir dir(test::make_game(test::source_dir() / "scenarios" / "small.toml", "gm-none"));
    GameInfo info = load_game(dir).info;
    info.gm = "";
    info.gm_address = "";
    write_file_atomic(dir.game_file(), game_info_to_toml(info));
    play_next_turn(dir);
    for (const std::string who : {"ARC", "game"}) {
        std::string txt = test::slurp(dir.turn_dir(1) / "reports" / (who + ".txt"));
        CHECK_THAT(txt, !Catch::Contains("GM:"));
        CHECK_THAT(txt, !Catch::Contains("From the GM"));
    }
}

TEST_CASE("a GM.toml that does not read cleanly stops the run before the turn", "[gm]") {
    GameDir dir(test::make_game(test::source_dir() / "scenarios" / "small.toml", "gm-broken"));
    fs::create_directories(dir.orders_dir(1));
    write_file_atomic(gm_messages_file(dir, 1), "messages = [\"ok\"]\ncolour = 1\n");
    CHECK_THROWS_AS(play_next_turn(dir), InputError);
    CHECK(dir.latest_turn() == std::optional<int>(0));
}
