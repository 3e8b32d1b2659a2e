#include "support/turn_support.hpp"

#include <catch2/catch.hpp>

#include "game/scenario.hpp"
#include "support/test_support.hpp"

namespace hl::test {

TurnRecord TestGame::run(const TurnInput& input) {
    return run_turn(*rt, input);
}

ReadSheet TestGame::sheet(const std::string& empire, const std::string& lines) {
    const Empire* e = state.find_empire(empire);
    REQUIRE(e);
    std::string text = "EMPIRE " + empire + "\nSECRET " + e->secret + "\nTURN " +
                       std::to_string(state.turn + 1) + "\n" + lines;
    ReadSheet s = read_sheet(*rt, text, empire + ".txt");
    INFO(s.findings.to_string());
    REQUIRE(s.ok());
    return s;
}

std::unique_ptr<TestGame> game_from_text(const std::string& scenario, std::uint64_t seed) {
    auto g = std::make_unique<TestGame>();
    g->pack = starchase();
    Diagnostics d;
    Scenario sc = parse_scenario(scenario, "scenario.toml", g->pack, d);
    INFO(d.to_string());
    REQUIRE_FALSE(d.has_errors());
    g->state = create_game(sc, g->pack, seed);
    g->rt = std::make_unique<Runtime>(g->pack, g->state);
    return g;
}

}  // namespace hl::test
