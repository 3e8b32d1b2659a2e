// State files: a saved state loads back identically, and every problem in a hand-edited file
// is reported with its line.

#include <catch2/catch.hpp>

#include "game/new_game.hpp"
#include "io/state_io.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

GameState sample_state() {
    Diagnostics d;
    std::string text = test::slurp(test::source_dir() / "scenarios/small.toml");
    Scenario sc = parse_scenario(text, "small.toml", test::starchase(), d);
    REQUIRE_FALSE(d.has_errors());
    GameState st = create_game(sc, test::starchase(), 11);
    // Touch every kind of field so the round trip covers them.
    Empire& e = st.empires[0];
    e.reserve = 3;
    e.lost_in_space = 2;
    e.bombs_used = 1;
    e.missed_turns = 2;
    e.vps = -4;
    e.contact["EMAIL"] = "a@b.example";
    e.counters["order_spent"] = 5;
    SystemCode sys = *e.base;
    Holding& h = st.holding(sys);
    h.name = "Home \"Sweet\" Home";
    h.mode = DefenceMode::defend;
    h.retreat = st.galaxy.at(sys).links[0];
    st.probes.push_back({e.code, sys, true});
    st.probes.push_back({e.code, *e.home, false});
    st.census_turns = {3};
    st.counters["turn_flag"] = 1;
    st.normalise();
    return st;
}

std::string errors_of(const std::string& text) {
    Diagnostics d;
    state_from_toml(text, "state.toml", &test::starchase(), d);
    return d.to_string();
}

const char* kMinimal = R"(format = 1
turn = 2
seed = 9
pack = "starchase"
pack_version = "1.0.0"
next_census = 4
census_turns = []
points_target = 60
order_of_play = ["ARC"]
places = [
  { code = "101", kind = "yellow", x = 0, y = 0, links = ["102", "111"] },
  { code = "111", kind = "planet", parent = "101" },
  { code = "102", kind = "red", x = 1, y = 0, links = ["101"] },
]

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

}  // namespace

TEST_CASE("a state saved and loaded again is identical", "[state]") {
    GameState st = sample_state();
    std::string text = state_to_toml(st);
    Diagnostics d;
    GameState back = state_from_toml(text, "state.toml", &test::starchase(), d);
    INFO(d.to_string());
    REQUIRE_FALSE(d.has_errors());
    CHECK(state_to_toml(back) == text);
    CHECK(back.holdings == st.holdings);
    CHECK(back.probes == st.probes);
    CHECK(back.order_of_play == st.order_of_play);
    for (std::size_t i = 0; i < st.empires.size(); ++i) {
        Empire a = st.empires[i], b = back.empires[i];
        a.secret.clear();  // secrets live in game.toml, not in the state file
        CHECK(a == b);
    }
}

TEST_CASE("a minimal hand-written state loads", "[state]") {
    CHECK(errors_of(kMinimal).empty());
}

TEST_CASE("state file errors name the line and the key", "[state][errors]") {
    std::string bad_kind = kMinimal;
    bad_kind.replace(bad_kind.find("\"red\""), 5, "\"blue\"");
    CHECK(errors_of(bad_kind).find("state.toml:13:") != std::string::npos);
    CHECK(errors_of(bad_kind).find("systems[2].kind: unknown system kind 'blue'") !=
          std::string::npos);

    std::string bad_link = kMinimal;
    bad_link.replace(bad_link.find("links = [\"101\"]"), 15, "links = [\"101\", \"111\"]");
    CHECK(errors_of(bad_link).find("may be linked only to its parent star 101") !=
          std::string::npos);

    std::string extra = std::string(kMinimal) +
                        "\n[[holding]]\nsystem = \"999\"\nowner = \"XYZ\"\n"
                        "\n[[holding]]\nsystem = \"101\"\nowner = \"XYZ\"\n"
                        "mode = \"charge\"\ncolour = 3\n";
    std::string msg = errors_of(extra);
    INFO(msg);
    CHECK(msg.find("state.toml:27:10: error: holding[0].system: no system 999") !=
          std::string::npos);
    CHECK(msg.find("holding[0].owner") == std::string::npos);  // rejected table: not reported twice
    CHECK(msg.find("holding[1].owner: no empire 'XYZ'") != std::string::npos);
    CHECK(msg.find("holding[1].mode: \"charge\" is not retreat, defend or ambush") !=
          std::string::npos);
    CHECK(msg.find("state.toml:34:1: error: holding[1].colour: unknown key") != std::string::npos);

    std::string cap = kMinimal;
    cap.replace(cap.find("{ AT = 1 }"), 10, "{ AT = 1, PT = 12, QQ = 1 }");
    msg = errors_of(cap);
    CHECK(msg.find("techs.PT: PT may not exceed level 9") != std::string::npos);
    CHECK(msg.find("techs.QQ: unknown tech 'QQ'") != std::string::npos);

    std::string order = kMinimal;
    order.replace(order.find("[\"ARC\"]"), 7, "[\"ARC\", \"BEL\"]");
    CHECK(errors_of(order).find("order_of_play: must list every empire exactly once") !=
          std::string::npos);

    CHECK(errors_of("format = 2\n").find("state format 2 is not supported") != std::string::npos);
    CHECK(errors_of("turn = [\n").find("invalid TOML") != std::string::npos);
    CHECK(errors_of(std::string("\xff\xfe\x00garbage", 10)).find("error") != std::string::npos);
}
