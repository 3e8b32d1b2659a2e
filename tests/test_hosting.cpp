// Roster, deadlines and times (engine/host): parsing, the deadline of later turns, and the
// refusals that keep bad names and addresses out of mail headers and pages.

#include <catch2/catch.hpp>

#include "game/game_dir.hpp"
#include "game/new_game.hpp"
#include "game/scenario.hpp"
#include "host/deadlines.hpp"
#include "host/roster.hpp"
#include "host/sheet_text.hpp"
#include "host/time_text.hpp"
#include "support/test_support.hpp"

using namespace hl;

TEST_CASE("times are read in UTC, with zones and offsets, and written back the same") {
    CHECK(parse_time("1970-01-01 00:00") == 0);
    CHECK(parse_time("2026-12-01 18:00 UTC") == 1796148000);
    CHECK(parse_time("2026-12-01T18:00:00Z") == 1796148000);
    CHECK(parse_time("2026-12-01T20:00+02:00") == 1796148000);
    CHECK(parse_time("2026-12-01 13:30 -04:30") == 1796148000);
    CHECK(parse_time("2024-02-29 00:00").has_value());
    CHECK_FALSE(parse_time("2023-02-29 00:00"));
    CHECK_FALSE(parse_time("2026-13-01 00:00"));
    CHECK_FALSE(parse_time("2026-12-01"));
    CHECK_FALSE(parse_time("2026-12-01 24:00"));
    CHECK_FALSE(parse_time("2026-12-01 18:00 CET"));
    CHECK_FALSE(parse_time("tomorrow"));
    CHECK(format_time(1796148000) == "2026-12-01 18:00 UTC");
    CHECK(format_time(1796148007) == "2026-12-01 18:00:07 UTC");
    CHECK(format_mail_date(1796148000) == "Tue, 01 Dec 2026 18:00:00 +0000");
    CHECK(format_mail_date(0) == "Thu, 01 Jan 1970 00:00:00 +0000");
    for (UnixTime t :
         {UnixTime{0}, UnixTime{951782400}, UnixTime{1796148007}, UnixTime{4102444799}})
        CHECK(parse_time(format_time(t)) == t);
}

TEST_CASE("durations and relative times") {
    CHECK(parse_duration("7d") == 7 * 86400);
    CHECK(parse_duration("1d12h") == 36 * 3600);
    CHECK(parse_duration("2w") == 14 * 86400);
    CHECK(parse_duration("90m") == 5400);
    CHECK_FALSE(parse_duration(""));
    CHECK_FALSE(parse_duration("7"));
    CHECK_FALSE(parse_duration("d"));
    CHECK_FALSE(parse_duration("3y"));
    CHECK_FALSE(parse_duration("999999999d"));
    CHECK(format_duration(36 * 3600) == "1d12h");
    CHECK(parse_duration(format_duration(5400)) == 5400);
    CHECK(format_relative(1000 + 2 * 86400 + 3 * 3600, 1000) == "in 2d 3h");
    CHECK(format_relative(1000, 1000 + 45 * 60) == "45m ago");
}

TEST_CASE("a turn without its own deadline is due `every` after the last one set") {
    Deadlines d;
    CHECK_FALSE(d.for_turn(1));
    d.due[2] = 1000;
    CHECK_FALSE(d.for_turn(1));
    CHECK(d.for_turn(2) == 1000);
    CHECK_FALSE(d.for_turn(3));
    d.every = 100;
    CHECK_FALSE(d.for_turn(1));
    CHECK(d.for_turn(5) == 1300);
    d.due[4] = 5000;
    CHECK(d.for_turn(3) == 1100);
    CHECK(d.for_turn(6) == 5200);
}

TEST_CASE("roster entries: names, addresses and --player specs") {
    Diagnostics diags;
    auto e = parse_player_spec("ARC = Ann Ärnström <ann@example.org>", "--player", diags);
    REQUIRE(e);
    CHECK(e->empire == "ARC");
    CHECK(e->name == "Ann Ärnström");
    CHECK(e->email == "ann@example.org");
    auto f = parse_player_spec("BEL=Bo Li", "--player", diags);
    REQUIRE(f);
    CHECK(f->email.empty());
    CHECK_FALSE(diags.has_errors());
    // Any pack's code format passes here (digits, longer codes); `new` checks the scenario.
    auto g = parse_player_spec("00042=Gil", "--player", diags);
    REQUIRE(g);
    CHECK(g->empire == "00042");
    CHECK_FALSE(diags.has_errors());
    CHECK_FALSE(parse_player_spec("arc=Ann", "--player", diags));
    CHECK_FALSE(parse_player_spec("ABCDEFGHIJKLMNOPQ=Ann", "--player", diags));
    CHECK_FALSE(parse_player_spec("ARC=Ann <ann@example.org>\nBcc: x@y.z", "--player", diags));
    CHECK_FALSE(parse_player_spec("ARC=<ann@example.org>", "--player", diags));
    CHECK(valid_email("a.b+c@mail.example.org"));
    CHECK_FALSE(valid_email("ann@example.org\r\nBcc: x@y.z"));
    CHECK_FALSE(valid_email("Ann <ann@example.org>"));
    CHECK_FALSE(valid_email("ann@@example.org"));
    CHECK_FALSE(valid_email("@example.org"));
    CHECK_FALSE(valid_email("ann@"));
    CHECK_FALSE(valid_email("a,b@example.org"));
    CHECK(check_player_name("Ann").empty());
    CHECK_FALSE(check_player_name("").empty());
    CHECK_FALSE(check_player_name("Ann\nBcc").empty());
    CHECK_FALSE(check_player_name("\xff").empty());
    CHECK_FALSE(check_player_name(std::string(65, 'a')).empty());
}

TEST_CASE("a roster file is checked key by key and written back the same") {
    Diagnostics diags;
    Roster r = parse_roster(
        "[[player]]\nempire = \"ARC\"\nname = \"Ann\"\nemail = \"ann@example.org\"\n"
        "[[player]]\nempire = \"bel\"\nname = \"Bo\"\nemail = \"not an address\"\nage = 3\n",
        "roster.toml", diags);
    std::string all = diags.to_string();
    CHECK(all.find("'bel' is not an empire code") != std::string::npos);
    CHECK(all.find("not a plain mail address") != std::string::npos);
    CHECK(all.find("age: unknown key") != std::string::npos);
    Roster ok;
    ok.entries.push_back({"ARC", "Ann \"the\" Ärnström", "ann@example.org", 1, false, {}});
    ok.entries.push_back({"ARC", "Ann", "", 4, true, {}});
    CHECK(ok.current("ARC")->computer);
    CHECK(ok.current("BEL") == nullptr);
    CHECK(roster_to_toml(ok).find("name = \"Ann \\\"the\\\" Ärnström\"") != std::string::npos);
}

TEST_CASE("sheets from browsers and mail are made plain") {
    CHECK(normalize_sheet_text("\xEF\xBB\xBF"
                               "EMPIRE ARC\r\nTAX\r\n") == "EMPIRE ARC\nTAX\n");
    CHECK(normalize_sheet_text("a\rb\n\r\nc") == "a\nb\n\nc");
    CHECK(normalize_sheet_text("") == "");
    // A Windows "ANSI" file (Windows-1252), as mail-in reads undeclared 8-bit text: é = E9,
    // the euro sign 80, curly quotes 93 and 94, ü = FC.
    CHECK(normalize_sheet_text("NAME 101 Caf\xE9\r\nMESSAGE ALL \x80 \x93S\xFC"
                               "d\x94\r\n") == "NAME 101 Café\nMESSAGE ALL € “Süd”\n");
    // A byte Windows-1252 lacks: left for the checker, which names it.
    CHECK(normalize_sheet_text("NAME 101 Bad\x81\r\n") == "NAME 101 Bad\x81\n");
    // UTF-8 stays as it is.
    CHECK(normalize_sheet_text("NAME 101 Café\n") == "NAME 101 Café\n");
}

TEST_CASE("an empire coded GM is refused: the code signs the GM in") {
    const Pack& pack = test::starchase();
    std::filesystem::path file = test::source_dir() / "scenarios/small.toml";
    Diagnostics d;
    Scenario sc = parse_scenario(test::slurp(file), file.generic_string(), pack, d);
    REQUIRE_FALSE(d.has_errors());
    GameState st = create_game(sc, pack, 1);
    st.empires[0].code = "GM";
    std::filesystem::path dir = test::temp_dir("gm-code") / "g";
    try {
        write_new_game(GameDir(dir), sc, pack, st);
        FAIL("no error");
    } catch (const InputError& e) {
        CHECK_THAT(e.diagnostics().to_string(), Catch::Contains("empire code GM: kept for the GM"));
    }
    CHECK_FALSE(std::filesystem::exists(dir));
}
