// A first turn through the whole pipeline: orders in, rounds in order of play, outcomes out.

#include <catch2/catch.hpp>

#include "support/state_support.hpp"
#include "support/turn_support.hpp"

using namespace hl;

namespace {

const char* kTwoEmpires = R"(
[scenario]
name = "two empires"
rules = "starchase"
order = ["ARC", "BEL"]
next_census = 5

[map]
places = [
  { code = "101", kind = "yellow", x = 0, y = 0, links = ["102", "111"] },
  { code = "111", kind = "planet", parent = "101" },
  { code = "102", kind = "red", x = 1, y = 0, links = ["101", "103"] },
  { code = "103", kind = "yellow", x = 2, y = 0, links = ["102"] },
]

[[empire]]
code = "ARC"
name = "Arcturans"
balance = 20
treasury = 10

[[empire]]
code = "BEL"
name = "Bellatrix"
balance = 20

[[holding]]
system = "101"
owner = "ARC"
population = 2
industry = 2
cruisers = 10

[[holding]]
system = "102"
ever_owned = true   # explored long ago: no Old Empire find

[[holding]]
system = "103"
owner = "BEL"
population = 2
cruisers = 3
)";

}  // namespace

TEST_CASE("a MOVE into an unowned system takes it and makes it sticky", "[turn]") {
    auto g = test::game_from_text(kTwoEmpires);
    TurnInput in;
    Turnsheet arc;
    arc.empire = "ARC";
    arc.orders.push_back(test::make_order(g->actions, 1, "MOVE", "101", "102", "6"));
    arc.orders.push_back(test::make_order(g->actions, 2, "MOVE", "102", "103", "6"));
    in.sheets["ARC"] = arc;
    in.end_of_turn = false;
    TurnRecord rec = g->run(in);
    REQUIRE(rec.actions.size() == 2);
    CHECK(rec.turn == 1);
    CHECK(rec.actions[0].ok);
    CHECK(rec.actions[0].spent == 1);
    CHECK(test::owner(g->state, 102) == "ARC");
    CHECK(test::hold(g->state, 102, "cruisers") == 6);
    CHECK(test::hold_place(g->state, 102, "retreat") == 101);
    CHECK(test::hold(g->state, 101, "cruisers") == 4);
    // The move into a previously unowned system stuck the fleet: the second MOVE fails.
    CHECK_FALSE(rec.actions[1].ok);
    CHECK(rec.actions[1].reason == "ships at 102 are stuck there this turn");
    CHECK(rec.actions[1].spent == 0);
    CHECK(test::emp(g->state, "ARC", "balance") == 19);
    CHECK(rec.no_orders == std::vector<std::string>{"BEL"});
}
