// State files (format 2): a saved state loads back identically and is written again byte for
// byte, every problem in a hand-edited file is reported with its line and key, and a state
// breaking its declarations is never written.

#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "game/new_game.hpp"
#include "io/atomic_file.hpp"
#include "io/state_io.hpp"
#include "support/state_support.hpp"
#include "support/test_support.hpp"

using namespace hl;
namespace fs = std::filesystem;

namespace {

GameState sample_state() {
    Diagnostics d;
    std::string text = test::slurp(test::source_dir() / "scenarios/small.toml");
    Scenario sc = parse_scenario(text, "small.toml", test::starchase(), d);
    REQUIRE_FALSE(d.has_errors());
    GameState st = create_game(sc, test::starchase(), 11);
    // Touch every kind of field so the round trip covers them: numbers, negative numbers,
    // optional places, choices, texts with quotes, maps of texts and of numbers, sets, lists,
    // optional empires and collection records.
    const std::string code = st.empires[0].code;
    test::set_emp(st, code, "reserve", 3);
    test::set_emp(st, code, "lost_in_space", 2);
    test::set_emp(st, code, "bombs_used", 1);
    test::set_emp(st, code, "missed_turns", 2);
    test::set_emp(st, code, "vps", -4);
    test::set_emp(st, code, "contact", TextMap{{"EMAIL", "a@b.example"}});
    test::set_tech(st, code, "RT", 2);
    PlaceCode sys = *test::emp_place(st, code, "base");
    test::set_hold(st, sys, "name", "\"Sweet\" Home");
    test::set_hold(st, sys, "mode", "defend");
    test::set_hold(st, sys, "retreat", std::int64_t{st.galaxy.at(sys).links[0]});
    test::add_probe(st, code, sys, true);
    test::add_probe(st, code, *test::emp_place(st, code, "home"), false);
    test::set_field(st, "game", 0, "census_turns", IntList{3});
    test::set_field(st, "game", 0, "winner", st.empires[1].code);
    st.normalise();
    return st;
}

std::string errors_of(const std::string& text) {
    Diagnostics d;
    state_from_toml(text, "state.toml", test::starchase().schema(), d);
    return d.to_string();
}

const char* kMinimal = R"(format = 2
turn = 2
seed = 9
pack = "starchase"
pack_version = "1.0.0"
order_of_play = ["ARC"]
places = [
  { code = "101", kind = "yellow", x = 0, y = 0, links = ["102", "111"] },
  { code = "111", kind = "planet", parent = "101" },
  { code = "102", kind = "red", x = 1, y = 0, links = ["101"] },
]

[game]
next_census = 4
census_turns = []
points_target = 60

[[empire]]
code = "ARC"
name = "Arcturans"
player = "Ann"
computer = false
treasury = 1
balance = 2
vps = 3
techs = { AT = 1 }
)";

// The minimal state with text appended (records after the empire).
std::string with(const std::string& more) {
    return std::string(kMinimal) + more;
}

// The minimal state with the first `from` replaced by `to`.
std::string replaced(const std::string& from, const std::string& to) {
    std::string s = kMinimal;
    auto at = s.find(from);
    REQUIRE(at != std::string::npos);
    s.replace(at, from.size(), to);
    return s;
}

}  // namespace

TEST_CASE("a state saved and loaded again is identical", "[state]") {
    GameState st = sample_state();
    std::string text = state_to_toml(st);
    CHECK_THAT(text, Catch::StartsWith("# Hyperlane game state after turn 0"));
    CHECK_THAT(text, Catch::Contains("\nformat = 2\n"));
    CHECK_THAT(text, Catch::Contains("\nplaces = [\n"));
    CHECK_THAT(text, Catch::Contains("\n[game]\n"));
    CHECK_THAT(text, Catch::Contains("\n[[probe]]\nid = 2\n"));
    Diagnostics d;
    GameState back = state_from_toml(text, "state.toml", test::starchase().schema(), d);
    INFO(d.to_string());
    REQUIRE_FALSE(d.has_errors());
    CHECK(state_to_toml(back) == text);
    CHECK(back.records == st.records);
    CHECK(back.order_of_play == st.order_of_play);
    CHECK(back.turn == st.turn);
    CHECK(back.seed == st.seed);
    REQUIRE(back.empires.size() == st.empires.size());
    for (std::size_t i = 0; i < st.empires.size(); ++i) {
        Empire a = st.empires[i], b = back.empires[i];
        a.secret.clear();  // secrets live in game.toml, not in the state file
        CHECK(a == b);
    }
    REQUIRE(back.galaxy.size() == st.galaxy.size());
    for (const auto& [code, p] : st.galaxy.places()) {
        const Place& q = back.galaxy.at(code);
        CHECK(q.kind == p.kind);
        CHECK(q.pos == p.pos);
        CHECK(q.parent == p.parent);
        CHECK(q.links == p.links);
    }
    // The values set above came back as set.
    const std::string code = st.empires[0].code;
    CHECK(test::emp(back, code, "vps") == -4);
    CHECK(test::tech(back, code, "RT") == 2);
    PlaceCode base = *test::emp_place(back, code, "base");
    CHECK(test::hold_name(back, base) == "\"Sweet\" Home");
    CHECK(test::mode(back, base) == "defend");
    CHECK(test::probes(back) ==
          std::vector<test::ProbeView>{{code, base, true},
                                       {code, *test::emp_place(back, code, "home"), false}});
    CHECK(test::census_turns(back) == IntList{3});
    CHECK(test::winner(back) == st.empires[1].code);
}

TEST_CASE("a state file written, read and written again is byte-identical", "[state]") {
    GameState st = sample_state();
    std::string once = state_to_toml(st);
    Diagnostics d;
    GameState back = state_from_toml(once, "state.toml", test::starchase().schema(), d);
    REQUIRE_FALSE(d.has_errors());
    // A state read from a hand-written file, with keys in any order, is written the same way
    // as one made by the engine.
    fs::path dir = test::temp_dir("state-rewrite");
    save_state(dir / "a.toml", back);
    GameState again = load_state(dir / "a.toml", test::starchase().schema());
    save_state(dir / "b.toml", again);
    CHECK(test::slurp(dir / "a.toml") == once);
    CHECK(test::slurp(dir / "b.toml") == once);

    Diagnostics d2;
    GameState minimal = state_from_toml(kMinimal, "state.toml", test::starchase().schema(), d2);
    REQUIRE_FALSE(d2.has_errors());
    std::string written = state_to_toml(minimal);
    Diagnostics d3;
    GameState minimal2 = state_from_toml(written, "state.toml", test::starchase().schema(), d3);
    REQUIRE_FALSE(d3.has_errors());
    CHECK(state_to_toml(minimal2) == written);
    CHECK(minimal2.records == minimal.records);
}

TEST_CASE("a minimal hand-written state loads", "[state]") {
    CHECK(errors_of(kMinimal).empty());
    Diagnostics d;
    GameState st = state_from_toml(kMinimal, "state.toml", test::starchase().schema(), d);
    CHECK(st.turn == 2);
    CHECK(test::emp(st, "ARC", "treasury") == 1);
    CHECK(test::emp(st, "ARC", "vps") == 3);
    CHECK(test::game(st, "next_census") == 4);
    CHECK(test::game(st, "points_target") == 60);
    // A map in the file is the whole map: techs not written have no level.
    CHECK(test::techs(st, "ARC") == IntMap{{"AT", 1}});
    CHECK(test::tech(st, "ARC", "BL") == 0);
    // Absent optional fields are none; places nobody wrote about hold initial values.
    CHECK_FALSE(test::emp_place(st, "ARC", "base"));
    CHECK(test::owner(st, 101).empty());
    CHECK(test::mode(st, 101) == "retreat");
    CHECK(test::probes(st).empty());
}

TEST_CASE("state file errors name the line and the key", "[state][errors]") {
    std::string bad_kind = replaced("\"red\"", "\"blue\"");
    CHECK_THAT(errors_of(bad_kind),
               Catch::Contains("state.toml:10:") &&
                   Catch::Contains("places[2].kind: unknown place kind 'blue'"));

    std::string bad_link = replaced("links = [\"101\"]", "links = [\"101\", \"111\"]");
    CHECK_THAT(errors_of(bad_link), Catch::Contains("may be linked only to 101, the place it is "
                                                    "inside, not to 102"));

    std::string extra = with(
        "\n[[holding]]\nsystem = \"999\"\nowner = \"XYZ\"\n"
        "\n[[holding]]\nsystem = \"101\"\nowner = \"XYZ\"\n"
        "mode = \"charge\"\ncolour = 3\n");
    std::string msg = errors_of(extra);
    INFO(msg);
    CHECK_THAT(msg, Catch::Contains("state.toml:29:10: error: holding[0].system: no place 999 "
                                    "on the map"));
    // A rejected table is not reported twice.
    CHECK_THAT(msg, !Catch::Contains("holding[0].owner"));
    CHECK_THAT(msg, Catch::Contains("state.toml:34:9: error: holding[1].owner: no empire 'XYZ' "
                                    "in this game"));
    CHECK_THAT(msg, Catch::Contains("holding[1].mode: \"charge\" is not one of retreat, defend, "
                                    "ambush"));
    CHECK_THAT(msg, Catch::Contains("state.toml:36:1: error: holding[1].colour: unknown key"));

    msg = errors_of(replaced("{ AT = 1 }", "{ AT = 1, PT = 12 }"));
    CHECK_THAT(msg, Catch::Contains("state.toml:26:9: error: empire[0].techs: PT: 12 is outside "
                                    "0..9"));
    msg = errors_of(replaced("{ AT = 1 }", "{ AT = 1, QQ = 1 }"));
    CHECK_THAT(msg, Catch::Contains("empire[0].techs: QQ: not one of the codes of techs"));

    CHECK_THAT(errors_of(replaced("[\"ARC\"]", "[\"ARC\", \"BEL\"]")),
               Catch::Contains("order_of_play: must list every empire exactly once"));

    CHECK_THAT(errors_of(replaced("format = 2", "format = 1")),
               Catch::Contains("state format 1 is not supported (this program reads format 2)"));
    CHECK_THAT(errors_of("turn = [\n"), Catch::Contains("invalid TOML"));
    CHECK_THAT(errors_of(std::string("\xff\xfe\x00garbage", 10)), Catch::Contains("error"));
}

TEST_CASE("every value of a state file is checked against the schema", "[state][errors]") {
    struct Case {
        std::string text, message;
    };
    const Case cases[] = {
        // Ranges, types and texts.
        {with("\n[[holding]]\nsystem = \"101\"\ncruisers = -1\n"),
         "state.toml:30:12: error: holding[0].cruisers: -1 is outside 0..100000000"},
        {with("\n[[holding]]\nsystem = \"101\"\ncruisers = \"many\"\n"),
         "holding[0].cruisers: expected a whole number, found a string"},
        {with("\n[[holding]]\nsystem = \"101\"\nname = \"A name far too long\"\n"),
         "holding[0].name: longer than 15 characters"},
        {with("\n[[holding]]\nsystem = \"101\"\nname = \"Two\\nlines\"\n"),
         "holding[0].name: a line break is not allowed here"},
        {with("\n[[holding]]\nsystem = \"101\"\never_owned = 1\n"),
         "holding[0].ever_owned: expected true or false, found an integer"},
        // Places that must exist, in the map's code format.
        {with("\n[[holding]]\nsystem = \"101\"\nretreat = \"105\"\n"),
         "holding[0].retreat: no place 105 on the map"},
        {with("\n[[holding]]\nsystem = \"101\"\nretreat = \"15\"\n"),
         "holding[0].retreat: \"15\" is not a place code (three digits)"},
        {with("\n[[holding]]\nsystem = \"1010\"\n"),
         "holding[0].system: \"1010\" is not a place code (three digits)"},
        {replaced("balance = 2", "balance = 2\nbase = \"103\""),
         "empire[0].base: no place 103 on the map"},
        // Empire references, sets, lists and records listed twice.
        {with("\n[[probe]]\nid = 1\nempire = \"BEL\"\nsystem = \"101\"\n"),
         "probe[0].empire: no empire 'BEL' in this game"},
        {with("\n[[sight]]\nempire = \"ARC\"\nseen = [\"101\", \"101\"]\n"),
         "sight[0].seen: a set may not name the same value twice"},
        {with("\n[[sight]]\nempire = \"BEL\"\nseen = [\"101\"]\n"),
         "sight[0].empire: no empire 'BEL' in this game"},
        {with("\n[[holding]]\nsystem = \"101\"\n\n[[holding]]\nsystem = \"101\"\n"),
         "holding[1].system: this holding is listed twice"},
        {with("\n[[probe]]\nid = 0\nempire = \"ARC\"\nsystem = \"101\"\n"), "probe[0].id:"},
        {replaced("census_turns = []", "census_turns = [0]"),
         "game.census_turns: [0]: 0 is outside 1..100000"},
        {replaced("next_census = 4", "next_census = 4\nwinner = \"BEL\""),
         "game.winner: no empire 'BEL' in this game"},
        // Empire codes in the pack's format.
        {replaced("code = \"ARC\"", "code = \"ALL\""),
         "empire[0].code: ALL cannot be an empire code: it is a reserved word"},
        {replaced("code = \"ARC\"", "code = \"Arc\""),
         "empire[0].code: \"Arc\" is not an empire code (three capital letters)"},
    };
    for (const Case& c : cases) {
        INFO(c.text);
        CHECK_THAT(errors_of(c.text), Catch::Contains(c.message));
    }
}

TEST_CASE("a state breaking its declarations is never written", "[state][errors]") {
    GameState st = sample_state();
    fs::path dir = test::temp_dir("state-refuse");
    // Values set past the engine's checks, as a bug in C++ might.
    GameState bad = st;
    FieldRef cruisers = bad.field("holding", "cruisers");
    PlaceCode base = *test::emp_place(bad, bad.empires[0].code, "base");
    bad.records.row(cruisers.kind, base)[static_cast<std::size_t>(cruisers.field)] =
        std::int64_t{-5};
    FieldRef owner = bad.field("holding", "owner");
    bad.records.row(owner.kind, 100)[static_cast<std::size_t>(owner.field)] = std::string("ZZZ");
    try {
        save_state(dir / "state.toml", bad);
        FAIL("an invalid state was written");
    } catch (const InputError& e) {
        std::string msg = e.diagnostics().to_string();
        INFO(msg);
        CHECK_THAT(msg,
                   Catch::Contains(fmt::format("holding {}.cruisers: -5 is outside 0..100000000",
                                               bad.galaxy.code_str(base))));
        CHECK_THAT(msg, Catch::Contains("holding 100.owner: no empire 'ZZZ' in this game"));
    }
    CHECK_FALSE(fs::exists(dir / "state.toml"));
    // The state itself is fine.
    save_state(dir / "state.toml", st);
    CHECK(test::slurp(dir / "state.toml") == state_to_toml(st));
    // check_state names the kind, the record and the field.
    GameState probe = st;
    FieldRef system = probe.field("probe", "system");
    probe.records.row(system.kind, 1)[static_cast<std::size_t>(system.field)] = std::int64_t{kNone};
    CHECK_THAT(check_state(probe, "x").to_string(),
               Catch::Contains("x: error: probe 1.system: a value is needed"));
}

TEST_CASE("the state's setter checks values against their declarations", "[state]") {
    GameState st = sample_state();
    const std::string code = st.empires[0].code;
    FieldRef treasury = st.field("empire", "treasury");
    std::int64_t key = st.empire_index(code);
    CHECK(st.set(treasury, key, std::int64_t{-1}) == "-1 is below the least value 0");
    CHECK(st.set(treasury, key, std::string("7")) == "expected int >= 0");
    CHECK_FALSE(st.set(treasury, key, std::int64_t{7}));
    CHECK(st.integer(treasury, key) == 7);
    CHECK(st.empire_int(code, "treasury") == 7);
    CHECK(st.set_empire_int(code, "treasury", 8));
    CHECK_FALSE(st.set_empire_int(code, "treasury", -8));
    CHECK_FALSE(st.set_empire_int(code, "no_such_field", 1));
    CHECK_FALSE(st.set_empire_int("ZZZ", "treasury", 1));
    CHECK(st.empire_int(code, "treasury") == 8);
    CHECK(st.empire_int("ZZZ", "treasury", -3) == -3);
    CHECK(st.empire_entry(code, "techs", "RT") == 2);
    CHECK(st.empire_entry(code, "techs", "XX", -1) == -1);
    CHECK(st.game_int("no_such_field", 42) == 42);
    CHECK(st.game_text("condition").empty());
    CHECK_THROWS_AS(st.field("holding", "colour"), std::logic_error);
    CHECK_THROWS_AS(st.kind("fleet"), std::logic_error);
}

// docs/state.md: collection records have "ids, which the engine gives and never reuses": the
// state file keeps the next id where the last records were deleted (next_ids), so a game run
// turn by turn from its files numbers its records as the same game played in memory.
TEST_CASE("collection ids are not reused after a save and a load", "[state]") {
    GameState st = sample_state();
    const int probe = st.kind("probe");
    REQUIRE(st.records.next_id(probe) == 3);
    REQUIRE(st.records.erase(probe, 2));
    CHECK(st.records.next_id(probe) == 3);
    Diagnostics d;
    GameState back =
        state_from_toml(state_to_toml(st), "state.toml", test::starchase().schema(), d);
    REQUIRE_FALSE(d.has_errors());
    CHECK(back.records.next_id(probe) == 3);
    CHECK(back.records == st.records);
    CHECK_THAT(state_to_toml(st), Catch::Contains("next_ids = { probe = 3 }"));
    // Nothing deleted at the end: nothing to keep, the file stays as before.
    CHECK_THAT(state_to_toml(sample_state()), !Catch::Contains("next_ids"));
    // A next id below what the records imply is ignored; an unknown kind is an error.
    std::string text = state_to_toml(st);
    std::string low = text;
    low.replace(low.find("next_ids = { probe = 3 }"), 24, "next_ids = { probe = 1 }");
    GameState again = state_from_toml(low, "state.toml", test::starchase().schema(), d);
    REQUIRE_FALSE(d.has_errors());
    CHECK(again.records.next_id(probe) == 2);
    std::string bad = text;
    bad.replace(bad.find("next_ids = { probe = 3 }"), 24, "next_ids = { holding = 3 }");
    Diagnostics d2;
    state_from_toml(bad, "state.toml", test::starchase().schema(), d2);
    CHECK_THAT(d2.to_string(), Catch::Contains("'holding' is not a collection kind of the pack"));
}
