// A grammar very different from the standard game's, written with the engine's sheet reader
// alone: the orders of seed 004 (COSMOS) in tests/data/packs/cosmos_orders. The seed's order
// example of section 2 is read and counted against the administration limit as section 2.1
// counts it (7 orders), and malformed lines get located errors. The COSMOS pack's own grammar
// (rules/cosmos/turnsheet.lua) is tested in test_cosmos_sheet.cpp.

#include <catch2/catch.hpp>

#include "game/game_dir.hpp"
#include "game/turnsheet_check.hpp"
#include "lua/pack_orders.hpp"
#include "support/test_support.hpp"

using namespace hl;

namespace {

// The seed's example (section 2), exactly as printed, for race 1.
const std::string kSeedExample = R"(
race 1:
research "Improved Industrial Engineering"

C138:
  build "colony transport"
  orders:
    farmove H1417
    colonize
  .
  construct research 5
  construct industries

S0100: @ corvette
  farmove H1417

S0101: @ scout
  farmove H1419
  explore

S0103: @ explorer
  explore
  move H1210 H1110
  explore

)";

// What the engine needs besides: the turn and the race's secret.
const std::string kHeader = "turn 1\nsecret K7QX2M9P\n";

const Pack& cosmos() {
    static const Pack p = test::load_pack(test::data_dir() / "packs" / "cosmos_orders");
    return p;
}

// The example map of figure 1, as far as the example needs it: race 1 has colony C138 in
// H1414, the corvette S0100 in H1415, the scout S0101 in H1417, the explorer S0103 in H1211;
// race 2 has colony C200 and the destroyer S0200.
LoadedGame cosmos_game(const std::string& extra_lua = "") {
    LoadedGame g{GameInfo{}, cosmos(), GameState::with_schema(cosmos().schema())};
    g.state.add_empire(Empire{"1", "Race 1", "Player 1", "K7QX2M9P", false});
    g.state.add_empire(Empire{"2", "Race 2", "Player 2", "SECRET2", false});
    g.state.order_of_play = {"1", "2"};
    Runtime rt(g.pack, g.state);
    std::string out = test::eval_lua(rt.host(), R"(
galaxy.set_size(28, 28)
for col = 1, 28 do
  for row = 1, 28 do galaxy.add(col * 100 + row, "empty", col, row) end
end
state.create("colony", { number = 138, owner = "1", hex = 1414 })
state.create("colony", { number = 200, owner = "2", hex = 2020 })
state.create("fleet", { owner = "1", flagship = 100, hex = 1415, types = { "corvette" } })
state.create("fleet", { owner = "1", flagship = 101, hex = 1417, types = { "scout" } })
state.create("fleet", { owner = "1", flagship = 103, hex = 1211, types = { "explorer" } })
state.create("fleet", { owner = "2", flagship = 200, hex = 2021, types = { "destroyer" } })
)" + extra_lua + "\nreturn 'ok'",
                                     "setup.lua");
    REQUIRE(out == "ok");
    return g;
}

}  // namespace

TEST_CASE("the seed's order example reads clean and counts 7 orders against the limit",
          "[turnsheet][cosmos]") {
    LoadedGame g = cosmos_game();
    SheetCheck c = check_sheet(kHeader + kSeedExample, "orders.txt", g);
    CHECK(c.findings.to_string() ==
          "orders.txt:4:1: note: 12 orders given, 7 counted against your administration limit "
          "of 20\n");
    CHECK(c.ok());
    CHECK(c.header.empire.text == "1");
    CHECK(c.header.turn.value == 1);
    // The orders as the grammar read them, embedded ones after the order holding them.
    std::string rows;
    for (const auto& r : c.orders)
        rows += r.at("line").dump() + " " + r.at("unit").dump() + " " +
                r.at("verb").get<std::string>() + " " + r.at("depth").dump() + "\n";
    CHECK(rows ==
          "5 \"race 1\" research 0\n"
          "8 \"C138\" build 0\n"
          "10 \"C138\" farmove 1\n"
          "11 \"C138\" colonize 1\n"
          "13 \"C138\" construct 0\n"
          "14 \"C138\" construct 0\n"
          "17 \"S0100\" farmove 0\n"
          "20 \"S0101\" farmove 0\n"
          "21 \"S0101\" explore 0\n"
          "24 \"S0103\" explore 0\n"
          "25 \"S0103\" move 0\n"
          "26 \"S0103\" explore 0\n");
}

TEST_CASE("the administration limit: Superlogistics, and the orders past it",
          "[turnsheet][cosmos]") {
    std::string explores;
    for (int i = 0; i < 22; ++i)
        explores += "  explore H1417\n";
    // 22 counted orders for the corvette: the 21st and 22nd are over the limit of 20.
    SheetCheck c = check_sheet(kHeader + "race 1:\nS0100:\n" + explores, "o.txt", cosmos_game());
    CHECK(c.findings.to_string() ==
          "o.txt:3:1: note: 22 orders given, 22 counted against your administration limit of "
          "20\n"
          "o.txt:25:3: warning: explore: over your administration limit of 20: this order will "
          "be ignored\n"
          "o.txt:26:3: warning: explore: over your administration limit of 20: this order will "
          "be ignored\n");
    CHECK(c.ok());
    SheetCheck su = check_sheet(kHeader + "race 1:\nS0100:\n" + explores, "o.txt",
                                cosmos_game("state.set_entry('empire', '1', 'techs', 'SU', 3)"));
    CHECK(su.findings.to_string() ==
          "o.txt:3:1: note: 22 orders given, 22 counted against your administration limit of "
          "28\n");
}

TEST_CASE("malformed COSMOS orders get located errors in the player's words",
          "[turnsheet][cosmos]") {
    SheetCheck c = check_sheet(kHeader +
                                   "race 1:\n"                                      // 3
                                   "reserch \"Improved Industrial Engineering\"\n"  // 4
                                   "farmove H1417\n"                                // 5
                                   "C138:\n"                                        // 6
                                   "  construct research lots\n"                    // 7
                                   "  build \"colony transport\n"                   // 8
                                   "  build \"warp barge\"\n"                       // 9
                                   "  construct industries\n"                       // 10
                                   "  orders:\n"                                    // 11
                                   "    colonize\n"                                 // 12
                                   "  .\n"                                          // 13
                                   "S0100:\n"                                       // 14
                                   "  farmove H14X7 H1417\n"                        // 15
                                   "  build \"scout\"\n"                            // 16
                                   "  orders:\n"                                    // 17
                                   "    explore\n"                                  // 18
                                   "S0200:\n"                                       // 19
                                   "  join $fleet one\n"                            // 20
                                   "X99:\n",                                        // 21
                               "o.txt", cosmos_game());
    CHECK(c.findings.to_string() ==
          // Only line 10's construct is read whole: the colony's first free order.
          "o.txt:3:1: note: 1 order given, 0 counted against your administration limit of 20\n"
          "o.txt:4:1: error: unknown order 'reserch'; did you mean research?\n"
          "o.txt:5:1: error: farmove is a fleet order: write it under a ship's ID (S0100:)\n"
          "o.txt:7:22: error: construct: 'lots' is not a whole number (0 to 1000000)\n"
          "o.txt:8:9: error: this quote is never closed: end the quoted words with \"\n"
          "o.txt:9:9: error: build: 'warp barge' is not a ship type (a name of Table 4 such as "
          "\"Colony Transport\")\n"
          "o.txt:11:3: error: construct takes no orders: only build, colonize and repeat do\n"
          "o.txt:15:11: error: farmove: 'H14X7' is not a hex (H and four digits, e.g. H1417)\n"
          "o.txt:16:3: error: build is a colony order: write it under a colony's ID (C138:)\n"
          "o.txt:17:3: error: these orders: are never closed: end them with a line holding "
          "only a .\n"
          "o.txt:19:1: error: S0200: you have no fleet with this flagship\n"
          "o.txt:20:15: error: join: too many arguments from 'one' on\n"
          "o.txt:21:1: error: 'X99' is not a colony or ship ID (C138:, S0100: or an $alias:)\n");
    CHECK_FALSE(c.ok());
}

TEST_CASE("a COSMOS sheet with a wrong or missing secret", "[turnsheet][cosmos]") {
    // As for the standard game: that one error, and nothing about the race (not even the count
    // of its orders against the administration limit).
    SheetCheck c = check_sheet("turn 1\nsecret WRONG\n" + kSeedExample, "o.txt", cosmos_game());
    CHECK(c.findings.to_string() == "o.txt:2:8: error: secret: wrong secret for empire 1\n");
    SheetCheck none = check_sheet("turn 1\n" + kSeedExample, "o.txt", cosmos_game());
    CHECK(none.findings.to_string() ==
          "o.txt:1: error: the sheet does not give its empire's secret\n");
}
