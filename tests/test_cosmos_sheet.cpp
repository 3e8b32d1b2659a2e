// The COSMOS pack's own turnsheet grammar (rules/cosmos/turnsheet.lua, sheet/*.lua) on seed 004's
// orders: the example of section 2 reads clean and counts 7 orders against the administration
// limit as 2.1 does; every argument type is read by its reader with the problem at its column;
// check finds blocks of units the race does not own, fleets out of command range and moves that
// leave it (2.2), orders over the limit, and orders the turn would refuse: launches, flips and
// jumps for a missing technology or drive (9.1, 9.3), moves that skip a hex (9.3), bombs and
// probes by fleets that cannot bomb (11.1, 11.3), ships the colony's starport or the race's
// technology cannot build (9.1), shields without Planet Shield (8.2), explores beyond the fleet's
// scanners (10); the blank sheet of a race's report and of the web
// holds the header and a block per colony and fleet, in the race's own coordinates (5).

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

// The example map of figure 1 on a 28 x 28 map, race 1's home at the centre hex H1414 so that its
// own coordinates are the GM's: colony C138 in H1414 (starport 15, as 8.5 starts it), the corvette
// S0100 in H1415, the scout S0101
// in H1417, the explorer S0103 in H1211; besides, the corvette S0104 leading a fleet with the
// scout S0105 in H1414, and the frigate S0106 in H2222, out of command range since last turn.
// Race 2 (abbreviated BK) has its home colony C200 and the frigate S0200 in GM hex H0707.
LoadedGame cosmos_game(const std::string& extra_lua = "") {
    LoadedGame g{GameInfo{}, test::cosmos(), GameState::with_schema(test::cosmos().schema()), {}};
    g.state.add_empire(Empire{"1", "Altairi Concord", "Player 1", "K7QX2M9P", false});
    g.state.add_empire(Empire{"2", "Betelgeuse Kin", "Player 2", "SECRET2", false});
    g.state.order_of_play = {"1", "2"};
    g.info.secrets = {{"1", "K7QX2M9P"}, {"2", "SECRET2"}};
    Runtime rt(g.pack, g.state);
    std::string out = test::eval_lua(rt.host(), R"(
galaxy.set_size(28, 28)
for col = 1, 28 do
  for row = 1, 28 do galaxy.add(col * 100 + row, "empty", col, row) end
end
state.set("empire", "1", { home = 1414, abbreviation = "AC" })
state.set("empire", "2", { home = 707, abbreviation = "BK" })
local function colony(number, hex, owner)
  local p = state.create("planet", { number = number, hex = hex, kind = "terran", size = 80,
    minerals = 2, name = "Home" .. number })
  return state.create("colony", { planet = p, owner = owner, population = 50, starport = 15 })
end
local function ship(number, type, owner, hex, fleet)
  fleet = fleet or state.create("fleet", { owner = owner, hex = hex })
  local s = state.create("ship", { number = number, type = type, owner = owner, fleet = fleet,
    drive = "standard", jump = "none", gun = "none", shield = "none", scanner = "none" })
  if not state.fleet(fleet).flagship then state.set("fleet", fleet, { flagship = s }) end
  return fleet
end
colony(138, 1414, "1")
colony(200, 707, "2")
ship(100, "corvette", "1", 1415)
ship(101, "scout", "1", 1417)
ship(103, "explorer", "1", 1211)
ship(105, "scout", "1", 1414, ship(104, "corvette", "1", 1414))
state.set("fleet", ship(106, "frigate", "1", 2222), { out_of_range = true })
ship(200, "frigate", "2", 707)
)" + extra_lua + "\nreturn 'ok'",
                                     "setup.lua");
    REQUIRE(out == "ok");
    return g;
}

const LoadedGame& game() {
    static const LoadedGame g = cosmos_game();
    return g;
}

}  // namespace

TEST_CASE("2, 2.1: the seed's order example reads clean and counts 7 orders against the limit",
          "[turnsheet][cosmos]") {
    // 2.1's example: research is free; C138's build and its embedded farmove are the colony's
    // two free orders, its colonize and the two constructs count (3); the corvette's farmove
    // counts (1); the scout's and the explorer's first orders are free and their others count
    // (1 + 2): 7 of the 12 orders given, against the limit of 20. Every move stays within 5
    // hexes of C138 or is a scout's or explorer's: no warning.
    SheetCheck c = check_sheet(kHeader + kSeedExample, "orders.txt", game());
    CHECK(c.findings.to_string() ==
          "orders.txt:4:1: note: 12 orders given, 7 counted against your administration limit "
          "of 20\n");
    CHECK(c.ok());
    std::string rows;
    for (const auto& r : c.orders)
        rows += r.at("line").dump() + " " + r.at("unit").get<std::string>() + " " +
                r.at("verb").get<std::string>() + " " + r.at("depth").dump() + "\n";
    CHECK(rows ==
          "5 race 1 research 0\n"
          "8 C138 build 0\n"
          "10 C138 farmove 1\n"
          "11 C138 colonize 1\n"
          "13 C138 construct 0\n"
          "14 C138 construct 0\n"
          "17 S0100 farmove 0\n"
          "20 S0101 farmove 0\n"
          "21 S0101 explore 0\n"
          "24 S0103 explore 0\n"
          "25 S0103 move 0\n"
          "26 S0103 explore 0\n");
    // The typed values: the words the queues keep, and the codes behind them.
    GameState scratch = game().state;
    Runtime rt(game().pack, scratch);
    ReadSheet s = read_sheet(rt, kHeader + kSeedExample, "orders.txt");
    CHECK(test::eval_on_sheet(rt, s, R"(
      local function show(o)
        local out = {}
        for i, a in ipairs(o.args) do out[i] = a.kind .. "=" .. a.text .. "/" .. tostring(a.value) end
        return o.verb .. " " .. table.concat(out, " ")
      end
      return table.concat({ show(sheet.general[1]), show(sheet.units[1].orders[1]),
        show(sheet.units[1].orders[2]), show(sheet.units[4].orders[2]) }, "\n"))") ==
          "research tech=Improved Industrial Engineering/IE\n"
          "build ship_type=Colony Transport/colony_transport\n"
          "construct installation=research/research amount=5/5\n"
          "move hex=H1210/1210 hex=H1110/1110");
}

TEST_CASE("19: every argument type is read by its reader, each problem at its word",
          "[turnsheet][cosmos]") {
    SheetCheck c = check_sheet(kHeader +
                                   "race 1:\n"                      // 3
                                   "research Clonin\n"              // 4
                                   "research \"Mind Control\" 1\n"  // 5
                                   "policy 2 frenemy\n"             // 6
                                   "name P138 \"Home 1\"\n"         // 7
                                   "C138:\n"                        // 8
                                   "  build \"warp barge\"\n"       // 9
                                   "  build 22\n"                   // 10
                                   "  construct factories 5\n"      // 11
                                   "  construct research 0\n"       // 12
                                   "  reserve 40 lots\n"            // 13
                                   "  repair 0100\n"                // 14
                                   "S0100:\n"                       // 15
                                   "  move H99X1 H2901\n"           // 16
                                   "  form S0101 $vic/tory\n"       // 17
                                   "  load C138 S0115 8 slaves\n"   // 18
                                   "  unload 60 and\n"              // 19
                                   "  bomb 3\n"                     // 20
                                   "  clear * x\n"                  // 21
                                   "  colonize P1555\n"             // 22
                                   "  explore\n"                    // 23
                                   "  construct\n",                 // 24
                               "o.txt", game());
    CHECK(c.findings.to_string() ==
          // Only line 23's explore is read whole: one order, counted (the corvette's fleet).
          "o.txt:3:1: note: 1 order given, 1 counted against your administration limit of 20\n"
          "o.txt:4:10: error: research: 'Clonin' is not a technology; write its name as your "
          "status report lists it, in quotes if it has spaces, e.g. \"Improved Industrial "
          "Engineering\"\n"
          "o.txt:5:10: error: research: 'Mind Control' cannot be researched yet: this version of "
          "the COSMOS pack does not play it\n"
          "o.txt:6:10: error: policy: 'frenemy' is not a policy; write ally, neutral or enemy "
          "(did you mean enemy?)\n"
          "o.txt:7:11: error: name: 'Home 1' is not a planet name: a number in a name has at "
          "most three digits and a letter right after it, e.g. \"2nd Home\"\n"
          "o.txt:9:9: error: build: 'warp barge' is not a ship type; write its name in Table 4, "
          "in quotes if it has spaces, or its number, e.g. \"Colony Transport\" or 3\n"
          "o.txt:10:9: error: build: '22' cannot be built yet: this version of the COSMOS "
          "pack does not play it\n"
          "o.txt:11:13: error: construct: 'factories' is not an installation; write industries, "
          "starport, bases, research or shields\n"
          "o.txt:12:22: error: construct: '0' is not an amount; write a whole number from 1 to "
          "1000000\n"
          "o.txt:13:14: error: reserve: 'lots' is not a number of phases; write a whole number "
          "from 1 to 1000\n"
          "o.txt:14:10: error: repair: '0100' is not a ship ID; write S and four digits, e.g. "
          "S0100 (four digits alone are a hex)\n"
          "o.txt:16:8: error: move: 'H99X1' is not a hex ID; write H and four digits, e.g. "
          "H0602\n"
          "o.txt:16:14: error: move: 'H2901' is not on the map; hexes go from H0101 to H2828\n"
          "o.txt:17:14: error: form: '$vic/tory' is not an alias; an alias is $ and 1 to 50 "
          "letters, digits, -, _ or ., e.g. $victory\n"
          "o.txt:18:21: error: load: 'slaves' is slave population: this version of the COSMOS "
          "pack does not load slaves\n"
          "o.txt:19:13: error: unload: 'and' joins nothing; write amounts of i.p. or population, "
          "e.g. 60 i.p. or 8 pop, each maybe after the ship that is to carry it, e.g. S0115 8 "
          "pop\n"
          "o.txt:20:8: error: bomb: '3' is not a colony ID or a hex ID; write C and three digits, "
          "e.g. C138, or the hex, e.g. H0602\n"
          "o.txt:21:11: error: clear: 'x' is not an order's number; write a whole number: from "
          "the first order on, or back from this one if negative, e.g. -1\n"
          "o.txt:22:12: error: colonize: 'P1555' is not a planet ID; write P and three digits, "
          "e.g. P155, or * for the best planet\n"
          "o.txt:24:3: error: construct is a colony order: write it under a colony's ID "
          "(C138:)\n");
    CHECK_FALSE(c.ok());
    // What is missing is named with how to write it; orders: only after build and colonize.
    SheetCheck m = check_sheet(kHeader +
                                   "race 1:\n"                 // 3
                                   "policy 2\n"                // 4
                                   "C138:\n"                   // 5
                                   "  construct\n"             // 6
                                   "  construct industries\n"  // 7
                                   "  orders:\n"               // 8
                                   "    explore\n"             // 9
                                   "  .\n",                    // 10
                               "m.txt", game());
    CHECK(m.findings.to_string() ==
          "m.txt:3:1: note: 1 order given, 0 counted against your administration limit of 20\n"
          "m.txt:4:1: error: policy: the policy is missing; write ally, neutral or enemy\n"
          "m.txt:6:3: error: construct: the installation is missing; write industries, starport, "
          "bases, research or shields\n"
          "m.txt:8:3: error: construct takes no orders: only build, colonize, embed, insert, "
          "launch, order and repeat do\n");
}

TEST_CASE("19: well-formed arguments of every type become the words the turn reads",
          "[turnsheet][cosmos]") {
    // Hexes without the H (5), ship types by number (9.1), a race by its abbreviation (4),
    // cargo in i.p. and population (9.7.1), clear * (18.1), colonize * (10.2), bombing a hex
    // (11.1): each kept as the word the executors read.
    GameState scratch = game().state;
    Runtime rt(game().pack, scratch);
    ReadSheet s = read_sheet(rt,
                             kHeader +
                                 "race 1:\n"
                                 "policy bk Enemy\n"
                                 "name P138 \"2nd Home\"\n"
                                 "research cl 30\n"
                                 "C138:\n"
                                 "  build 3\n"
                                 "  reserve 40 2\n"
                                 "  dismantle Shields 10\n"
                                 "  refit s0100 S0101\n"
                                 "S0100:\n"
                                 "  farmove 1417 h1419\n"
                                 "  load c138 8 pop and 60 I.P.\n"
                                 "  unload population\n"
                                 "  clear * -2\n"
                                 "  colonize *\n"
                                 "  bomb H1415 3\n"
                                 "  probe C200\n",
                             "w.txt");
    INFO(s.findings.to_string());
    CHECK(s.findings.all().empty());
    CHECK(test::eval_on_sheet(rt, s, R"(
      local O = import("orders")
      local lines = {}
      local function add(o) lines[#lines + 1] = o.verb .. " " .. table.concat(O.words(o.verb, o.args), " ") end
      for _, o in ipairs(sheet.general) do add(o) end
      for _, u in ipairs(sheet.units) do for _, o in ipairs(u.orders) do add(o) end end
      return table.concat(lines, "\n"))") ==
          "policy 2 enemy\n"
          "name P138 2nd Home\n"
          "research Cloning 30\n"
          "build Colony Transport\n"
          "reserve 40 2\n"
          "dismantle shields 10\n"
          "refit S0100 S0101\n"
          "farmove H1417 H1419\n"
          "load C138 8 pop and 60 i.p.\n"
          "unload pop\n"
          "clear * -2\n"
          "colonize *\n"
          "bomb H1415 3\n"
          "probe C200");
}

TEST_CASE("2, 19: malformed blocks and orders get located errors in the player's words",
          "[turnsheet][cosmos]") {
    // Each line's problem, worked out from the grammar (turnsheet.lua, sheet/args.lua): a
    // misspelt verb gets the nearest one; a fleet order among the general orders, a colony order
    // in a fleet's block; an amount that is no number; a quote never closed (the engine's
    // reader, which skips the line); an unknown ship type; orders: after an order that takes
    // none (its orders are skipped) and never closed (reported at the orders: line when the next
    // block starts); a hex with a letter; an alias (18.2) and a word too many; a header that is
    // no ID.
    // The check still runs: S0200 is race 2's ship. Of the orders read whole, only line 10's
    // construct: C138's first order, free.
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
                                   "  build scout\n"                                // 16
                                   "  orders:\n"                                    // 17
                                   "    explore\n"                                  // 18
                                   "S0200:\n"                                       // 19
                                   "  join $fleet one\n"                            // 20
                                   "X99:\n",                                        // 21
                               "o.txt", game());
    CHECK(c.findings.to_string() ==
          "o.txt:3:1: note: 1 order given, 0 counted against your administration limit of 20\n"
          "o.txt:4:1: error: unknown order 'reserch'; did you mean research?\n"
          "o.txt:5:1: error: farmove is a fleet order: write it under a ship's ID (S0100:)\n"
          "o.txt:7:22: error: construct: 'lots' is not an amount; write a whole number from 1 to "
          "1000000\n"
          "o.txt:8:9: error: this quote is never closed: end the quoted words with \"\n"
          "o.txt:9:9: error: build: 'warp barge' is not a ship type; write its name in Table 4, "
          "in quotes if it has spaces, or its number, e.g. \"Colony Transport\" or 3\n"
          "o.txt:11:3: error: construct takes no orders: only build, colonize, embed, insert, "
          "launch, order and repeat do\n"
          "o.txt:15:11: error: farmove: 'H14X7' is not a hex ID; write H and four digits, e.g. "
          "H0602\n"
          "o.txt:16:3: error: build is a colony order: write it under a colony's ID (C138:)\n"
          "o.txt:17:3: error: these orders: are never closed: end them with a line holding "
          "only a .\n"
          "o.txt:19:1: error: S0200: you have no ship with this ID\n"
          "o.txt:20:15: error: join: too many arguments from 'one' on\n"
          "o.txt:21:1: error: 'X99' is not a colony or ship ID (C138: or S0100:)\n");
    CHECK_FALSE(c.ok());
}

TEST_CASE("2: a COSMOS sheet with a wrong or missing secret", "[turnsheet][cosmos]") {
    // As for the standard game: that one error, and nothing about the race (not even the count
    // of its orders against the administration limit).
    SheetCheck c = check_sheet("turn 1\nsecret WRONG\n" + kSeedExample, "o.txt", game());
    CHECK(c.findings.to_string() == "o.txt:2:8: error: secret: wrong secret for empire 1\n");
    SheetCheck none = check_sheet("turn 1\n" + kSeedExample, "o.txt", game());
    CHECK(none.findings.to_string() ==
          "o.txt:1: error: the sheet does not give its empire's secret\n");
}

TEST_CASE("2, 2.2, 4, 6.4, 14: check against the state: units, races, range, research",
          "[turnsheet][cosmos]") {
    SheetCheck c = check_sheet(kHeader +
                                   "race 1:\n"                   // 3
                                   "policy 1 enemy\n"            // 4
                                   "policy 3 ally\n"             // 5
                                   "policy BK enemy\n"           // 6
                                   "research \"Hyper Drive\"\n"  // 7
                                   "name P200 \"New Hope\"\n"    // 8
                                   "C200:\n"                     // 9
                                   "  construct industries\n"    // 10
                                   "S0200:\n"                    // 11
                                   "  explore\n"                 // 12
                                   "S0106:\n"                    // 13
                                   "  explore\n"                 // 14
                                   "S0105:\n"                    // 15
                                   "  explore\n"                 // 16
                                   "  farmove H1420\n"           // 17
                                   "S0100:\n"                    // 18
                                   "  farmove H1419\n"           // 19
                                   "  farmove H1420\n"           // 20
                                   "  form S0200\n",             // 21
                               "o.txt", game());
    // Counted (2.1): the general orders are free; C200's construct is a colony's first order;
    // S0200's explore (no ship of race 1: no scout fleet) 1; S0106's explore 2 (out of range,
    // still counted, 2.2); the scout S0105 leaves the corvette S0104's fleet to take its orders,
    // so its explore is its free order and its farmove 3; S0100's three 4, 5, 6. Given: 5
    // general and 8 others.
    // Range (2.2): H1419 is 5 hexes down H1414's column, inside the range of 5; H1420 is 6, so
    // the corvette's second farmove ends out of range; the scout's H1420 is no matter (scouts
    // take orders anywhere). Hyper Drive needs the Relativity Drive first (Table 5).
    CHECK(c.findings.to_string() ==
          "o.txt:3:1: note: 13 orders given, 6 counted against your administration limit of "
          "20\n"
          "o.txt:4:1: error: policy: that is your own race\n"
          "o.txt:5:1: error: policy: there is no race 3 in this game\n"
          "o.txt:7:1: warning: research: Hyper Drive is not open to research this turn; its "
          "r.p. go to the cheapest technology open to you (14)\n"
          "o.txt:8:1: warning: name: you have no colony on P200; only a planet you have "
          "colonized may be named (6.4)\n"
          "o.txt:9:1: error: C200: you have no colony with this ID\n"
          "o.txt:11:1: error: S0200: you have no ship with this ID\n"
          "o.txt:13:1: warning: S0106: out of command range (more than 5 hexes from your "
          "colonies at the end of last turn): its orders are ignored, but count against your "
          "administration limit (2.2)\n"
          "o.txt:20:3: note: farmove: H1420 is more than 5 hexes from your colonies: once "
          "there, the fleet takes no new orders (2.2)\n"
          "o.txt:21:3: warning: form: S0200 is not one of your ships\n");
    CHECK_FALSE(c.ok());
}

TEST_CASE(
    "9.1, 9.3.1, 9.3.2: check warns at a launch without the tech, flips and jumps without "
    "the drive",
    "[turnsheet][cosmos]") {
    // Race 1 has no technology; the corvette S0100 alone is fitted with the Graviton Drive and the
    // Jump Drive. The turn would refuse C138's launch (no Secure Launch System, 9.1), the jump
    // embedded in it (the new corvette gets the race's drives: none), and the flip and jump of
    // S0104's fleet (neither S0104 nor S0105 has the drives, 9.3.1, 9.3.2): warnings. S0100's flip
    // and jump get none (whether the hexes allow them is known only in the turn). H1410 is 4
    // hexes from the colony: no range note. Counted: the launch and its jump are the colony's two
    // free orders; the two fleets' orders all count (no scout fleet): 4 of 6.
    LoadedGame g = cosmos_game(R"(
for _, id in ipairs(state.find("ship", "number", 100)) do
  state.set("ship", id, { graviton = true, jump = "jump" })
end)");
    SheetCheck c = check_sheet(kHeader +
                                   "race 1:\n"            // 3
                                   "C138:\n"              // 4
                                   "  launch corvette\n"  // 5
                                   "  orders:\n"          // 6
                                   "    jump H1410\n"     // 7
                                   "  .\n"                // 8
                                   "S0104:\n"             // 9
                                   "  flip H1410\n"       // 10
                                   "  jump H1410\n"       // 11
                                   "S0100:\n"             // 12
                                   "  flip H1410\n"       // 13
                                   "  jump H1410\n",      // 14
                               "o.txt", g);
    CHECK(c.findings.to_string() ==
          "o.txt:3:1: note: 6 orders given, 4 counted against your administration limit of 20\n"
          "o.txt:5:3: warning: launch: you have not developed the Secure Launch System: the "
          "launch will be refused; use build (9.1)\n"
          "o.txt:7:5: warning: jump: not every ship of this fleet has a Jump Drive: the jump "
          "will be refused (9.3)\n"
          "o.txt:10:3: warning: flip: not every ship of this fleet has the Graviton Drive: the "
          "flip will be refused (9.3)\n"
          "o.txt:11:3: warning: jump: not every ship of this fleet has a Jump Drive: the jump "
          "will be refused (9.3)\n");
    CHECK(c.ok());
}

TEST_CASE(
    "9.3, 11.1, 11.3: check warns at moves that skip a hex and at bombs and probes by "
    "fleets with no ship able to bomb",
    "[turnsheet][cosmos]") {
    // The corvette S0100 in H1415 moves to H1416, then H1417: each next to the one before, no
    // warning. The scout S0101 in H1417 moves to H1416 (next to it), then H1414, 2 hexes down
    // its column: the turn stops the move there (9.3). The fleet of S0104 in H1414 is given a
    // move to H1414 itself, 0 hexes away. Scouts and corvettes have no bombing capability
    // (11.1, only cruisers and larger, assault bombers and slaver ships do): the scout's probe
    // and the S0104 fleet's bomb will be refused. Counted (2.1): the corvette's move; the scout
    // fleet's first order is free, its probe counts; both of S0104's: 4 of 5.
    SheetCheck c = check_sheet(kHeader +
                                   "race 1:\n"             // 3
                                   "S0100:\n"              // 4
                                   "  move H1416 H1417\n"  // 5
                                   "S0101:\n"              // 6
                                   "  move H1416 H1414\n"  // 7
                                   "  probe C200\n"        // 8
                                   "S0104:\n"              // 9
                                   "  move H1414\n"        // 10
                                   "  bomb\n",             // 11
                               "o.txt", game());
    CHECK(c.findings.to_string() ==
          "o.txt:3:1: note: 5 orders given, 4 counted against your administration limit of 20\n"
          "o.txt:7:3: warning: move: H1414 is 2 hexes from the hex before it: a move goes one "
          "hex at a time, so the fleet stops before it; use farmove to go further (9.3)\n"
          "o.txt:8:3: warning: probe: no ship of this fleet is able to bomb: the probe will be "
          "refused (11.3)\n"
          "o.txt:10:3: warning: move: H1414 is 0 hexes from where the fleet will be: a move "
          "goes one hex at a time, so the fleet stops before it; use farmove to go further "
          "(9.3)\n"
          "o.txt:11:3: warning: bomb: no ship of this fleet is able to bomb: the bomb will be "
          "refused (11.1)\n");
    CHECK(c.ok());
}

TEST_CASE(
    "8.2, 9.1, 10: check warns at ships the colony cannot build, shields without Planet "
    "Shield and explores beyond the fleet's scanners",
    "[turnsheet][cosmos]") {
    // Race 1 has General Science I and 75 r.p.; the scout S0101 carries a Graviton Scanner, the
    // explorer S0103 a Tachyon Scanner, the corvette S0100 none.
    LoadedGame g = cosmos_game(R"(
state.set_entry("empire", "1", "techs", "GS", 0)
state.set("empire", "1", { research_points = 75 })
state.set("ship", state.find("ship", "number", 101)[1], { scanner = "graviton" })
state.set("ship", state.find("ship", "number", 103)[1], { scanner = "tachyon" }))");
    // Research first (20 step 2): the 75 r.p. pay Suspended Animation's 75 (Table 6, open with
    // General Science I), so the stasis transport (size 10) builds in the phases. C138's starport
    // is 15 and its capacity 15 x 3 = 45 (9.1). The battleship (60) is larger than 15: refused,
    // 45 short. Construct starport 15 makes 30, capacity 90: the exodus ship (30) and a cruiser
    // (30) bring the turn's sizes to 10 + 30 + 30 = 70; a second cruiser would make 100 > 90.
    // Shields need Planet Shield (8.2). Dismantling 20 leaves 30 - 20 = 10: the frigate (15) is
    // 5 too large. After a construct starport without an amount the size is not known: the
    // dreadnought gets no warning. Explores (10), all hexes down column 14 or 12, one hex a row:
    // the corvette (no scanner) reaches only its own hex: H1416 is 1 from H1415; after its move
    // to H1416, H1416 is 0 away and H1418 2. The scout's Graviton Scanner reaches 1: H1418 is 1
    // from H1417, H1419 2. The explorer's Tachyon Scanner reaches 2: H1213 is 2 from H1211,
    // H1214 3. Counted (2.1): C138's first two orders are free, its 9 others count; the
    // corvette's 4 count; the scout's and the explorer's first orders are free, their second
    // count: 9 + 4 + 2 = 15 of 20 given (1 general, 11 colony, 8 fleet).
    SheetCheck c = check_sheet(kHeader +
                                   "race 1:\n"                           // 3
                                   "research \"Suspended Animation\"\n"  // 4
                                   "C138:\n"                             // 5
                                   "  build \"stasis transport\"\n"      // 6
                                   "  build battleship\n"                // 7
                                   "  construct starport 15\n"           // 8
                                   "  build \"exodus ship\"\n"           // 9
                                   "  build cruiser\n"                   // 10
                                   "  build cruiser\n"                   // 11
                                   "  construct shields 10\n"            // 12
                                   "  dismantle starport 20\n"           // 13
                                   "  build frigate\n"                   // 14
                                   "  construct starport\n"              // 15
                                   "  build dreadnought\n"               // 16
                                   "S0100:\n"                            // 17
                                   "  explore H1416\n"                   // 18
                                   "  move H1416\n"                      // 19
                                   "  explore H1416\n"                   // 20
                                   "  explore H1418\n"                   // 21
                                   "S0101:\n"                            // 22
                                   "  explore H1418\n"                   // 23
                                   "  explore H1419\n"                   // 24
                                   "S0103:\n"                            // 25
                                   "  explore H1213\n"                   // 26
                                   "  explore H1214\n",                  // 27
                               "o.txt", g);
    CHECK(c.findings.to_string() ==
          "o.txt:3:1: note: 20 orders given, 15 counted against your administration limit of "
          "20\n"
          "o.txt:7:3: warning: build: Battleship (size 60) is larger than the starport of C138 "
          "(size 15): the build will be refused; construct starport 45 first (9.1)\n"
          "o.txt:11:3: warning: build: the ships C138 builds this turn would be size 100 in all, "
          "over its starport capacity of 90: the build will be refused (9.1)\n"
          "o.txt:12:3: warning: construct: shields need Planet Shield, which you have not "
          "developed: none will be built (8.2)\n"
          "o.txt:14:3: warning: build: Frigate (size 15) is larger than the starport of C138 "
          "(size 10): the build will be refused; construct starport 5 first (9.1)\n"
          "o.txt:18:3: warning: explore: H1416 is 1 hex from where the fleet will be, and its "
          "scanners reach only its own hex: it will not be explored (10)\n"
          "o.txt:21:3: warning: explore: H1418 is 2 hexes from where the fleet will be, and its "
          "scanners reach only its own hex: it will not be explored (10)\n"
          "o.txt:24:3: warning: explore: H1419 is 2 hexes from where the fleet will be, and its "
          "scanners reach 1 hex: it will not be explored (10)\n"
          "o.txt:27:3: warning: explore: H1214 is 3 hexes from where the fleet will be, and its "
          "scanners reach 2 hexes: it will not be explored (10)\n");
    CHECK(c.ok());
    // Without the research order the 75 r.p. go to the cheapest open technologies (14), never
    // the 75 of Suspended Animation while Improved Industrial Engineering costs 20: the stasis
    // transport is refused. The launch is refused too (no Secure Launch System). A scout built
    // at C138 (H1414) gets the race's scanner, none: H1415 is 1 hex away. Counted: the build and
    // the launch are C138's free orders, the scout's build and its explore count: 2 of 4.
    SheetCheck n = check_sheet(kHeader +
                                   "race 1:\n"                       // 3
                                   "C138:\n"                         // 4
                                   "  build \"stasis transport\"\n"  // 5
                                   "  launch 18\n"                   // 6
                                   "  build scout\n"                 // 7
                                   "  orders:\n"                     // 8
                                   "    explore H1415\n"             // 9
                                   "  .\n",                          // 10
                               "n.txt", g);
    CHECK(n.findings.to_string() ==
          "n.txt:3:1: note: 4 orders given, 2 counted against your administration limit of 20\n"
          "n.txt:5:3: warning: build: Stasis Transport needs Suspended Animation, which you have "
          "not developed: the build will be refused (9.1)\n"
          "n.txt:6:3: warning: launch: you have not developed the Secure Launch System: the "
          "launch will be refused; use build (9.1)\n"
          "n.txt:9:5: warning: explore: H1415 is 1 hex from where the fleet will be, and its "
          "scanners reach only its own hex: it will not be explored (10)\n");
    CHECK(n.ok());
}

TEST_CASE(
    "2.4, 9.4, 9.7.1, 10.1, 10.2, 14.1, 18: the orders of part 2 read, and what check warns of",
    "[turnsheet][cosmos]") {
    SheetCheck c = check_sheet(kHeader +
                                   "race 1:\n"                            // 3
                                   "alias S0100 $Nostromo\n"              // 4
                                   "alias - $old.\n"                      // 5
                                   "message all Greetings from race 1\n"  // 6
                                   "message 2 \"Hello there\"\n"          // 7
                                   "message\n"                            // 8
                                   "spy 2\n"                              // 9
                                   "C138:\n"                              // 10
                                   "  myalias $home\n"                    // 11
                                   "  teach C200 \"Ion Cannons\"\n"       // 12
                                   "  repeat 2\n"                         // 13
                                   "  terraform\n"                        // 14
                                   "  order S0100\n"                      // 15
                                   "  orders:\n"                          // 16
                                   "    sneak H1416\n"                    // 17
                                   "  .\n"                                // 18
                                   "S0100:\n"                             // 19
                                   "  cloak\n"                            // 20
                                   "  disclose C200 map\n"                // 21
                                   "  embed 5\n"                          // 22
                                   "  orders:\n"                          // 23
                                   "    wait 1\n"                         // 24
                                   "  .\n"                                // 25
                                   "  load S0100 5 i.p.\n"                // 26
                                   "  colonize\n"                         // 27
                                   "  waitforall fleet S0101 $x\n"        // 28
                                   "  time 1 13\n"                        // 29
                                   "$nostromo:\n"                         // 30
                                   "  move H1416\n"                       // 31
                                   "message 7 Anyone there?\n",           // 32
                               "o.txt", game());
    // Counted (2.1): the aliases are free, messages are no orders, spy is a free general order
    // (race 1 is no diplomat: warned, 16.8); C138's myalias is free, its teach and repeat are its
    // two free orders, its terraform, order and the sneak in it count (3); S0100's cloak is free,
    // its disclose, embed, the wait in the embed, load, colonize and waitforall count (9); `time 1
    // 13` is not read; the block of $nostromo, an alias defined only on this sheet, is refused
    // (18.2), its move counted as a colony's free order. 17 given. Warnings: race 1 has no
    // technology, so it cannot teach Ion Cannons (14.1); the repeat holds no orders (18.5); C138's
    // planet is terran, the best type already (14.2.3); the corvette has no cloaking device (9.4),
    // is no ambassador ship (10.1) and no freighter (9.7.1) or colony ship (10.2); S0100 has 2
    // orders before the embed (none carried over), so no order 5.
    CHECK(c.findings.to_string() ==
          "o.txt:3:1: note: 17 orders given, 9 counted against your administration limit of 20\n"
          "o.txt:8:1: error: message: write all or a race's number, then the text, e.g. message "
          "all Greetings from race 1\n"
          "o.txt:9:1: warning: spy: only diplomats have a spy network: it will be refused "
          "(16.8)\n"
          "o.txt:12:3: warning: teach: you have not developed Ion Cannons: it will be refused "
          "(14.1)\n"
          "o.txt:13:3: warning: repeat: no orders follow it: write them between a line orders: "
          "and a line holding only a . (18)\n"
          "o.txt:14:3: warning: terraform: a terran planet cannot be terraformed: it will be "
          "refused (14.2.3)\n"
          "o.txt:20:3: warning: cloak: no ship of this fleet has a cloaking device (new ships get "
          "one once you have developed Cloaking): it will be refused (9.4)\n"
          "o.txt:21:3: warning: disclose: only colonies and fleets led by an ambassador ship may "
          "disclose: it will be refused (10.1)\n"
          "o.txt:22:3: warning: embed: this unit will have 2 orders before this order, so there "
          "is no order 5: it will be refused (18.1)\n"
          "o.txt:26:3: warning: load: no ship of this fleet carries i.p. (freighters do): "
          "nothing will be loaded (9.7.1)\n"
          "o.txt:27:3: warning: colonize: this fleet has no colony transport or exodus ship: the "
          "colonize will be refused (10.2)\n"
          "o.txt:29:10: error: time: '13' is not a phase; write a whole number from 1 to 12\n"
          "o.txt:30:1: error: $nostromo: you have no alias of this name; an alias defined this "
          "turn heads a block from next turn on (18.2)\n"
          "o.txt:32:9: error: message: there is no race 7 in this game\n");
    CHECK_FALSE(c.ok());
    // The words the turn reads: aliases as written (in lower case only when defined), cargo
    // per ship, the messages with whom they are for (a text all in quotes without them).
    GameState scratch = game().state;
    Runtime rt(game().pack, scratch);
    ReadSheet s = read_sheet(rt,
                             kHeader +
                                 "race 1:\nalias S0100 $Nostromo\nmessage 2 \"Hi there\"\n"
                                 "S0100:\n  join $2/base\n  load $depot S0105 8 pop and any 5\n",
                             "w.txt");
    CHECK(test::eval_on_sheet(rt, s, R"(
      local O = import("orders")
      local out = {}
      local function add(o) out[#out + 1] = o.verb .. " " .. table.concat(O.words(o.verb, o.args), " ") end
      add(sheet.general[1])
      for _, o in ipairs(sheet.units[1].orders) do add(o) end
      for _, m in ipairs(sheet.messages) do out[#out + 1] = m.to .. ": " .. m.text end
      return table.concat(out, "\n"))") ==
          "alias S0100 $Nostromo\n"
          "join $2/base\n"
          "load $depot S0105 8 pop and any 5\n"
          "2: Hi there");
}

TEST_CASE("2.1: orders over the administration limit, and Superlogistics", "[turnsheet][cosmos]") {
    std::string explores;
    for (int i = 0; i < 22; ++i)
        explores += "  explore\n";
    // 22 counted orders for the corvette's fleet: the 21st and 22nd are over the limit of 20.
    SheetCheck c = check_sheet(kHeader + "race 1:\nS0100:\n" + explores, "o.txt", game());
    CHECK(c.findings.to_string() ==
          "o.txt:3:1: note: 22 orders given, 22 counted against your administration limit of "
          "20\n"
          "o.txt:25:3: warning: explore: over your administration limit of 20: this order will "
          "be ignored\n"
          "o.txt:26:3: warning: explore: over your administration limit of 20: this order will "
          "be ignored\n");
    CHECK(c.ok());
    SheetCheck su = check_sheet(kHeader + "race 1:\nS0100:\n" + explores, "o.txt",
                                cosmos_game("state.set_entry('empire', '1', 'techs', 'SU', 0)"));
    CHECK(su.findings.to_string() ==
          "o.txt:3:1: note: 22 orders given, 22 counted against your administration limit of "
          "28\n");
}

TEST_CASE("14.2.4: transmit reads, and check warns of transmits the turn would refuse",
          "[turnsheet][cosmos][part3]") {
    const std::string sheet = kHeader +
                              "race 1:\n"             // 3
                              "C138:\n"               // 4
                              "  transmit C200 50\n"  // 5
                              "  transmit C138\n"     // 6
                              "  transmit $depot\n"   // 7
                              "  transmit C201 0\n";  // 8
    // Without Matter Transmission every transmit read is refused. Counted (2.1): C138's first
    // two orders are free, its third counts; line 8's amount is no amount, so it is not read.
    SheetCheck c = check_sheet(sheet, "o.txt", game());
    CHECK(c.findings.to_string() ==
          "o.txt:3:1: note: 3 orders given, 1 counted against your administration limit of 20\n"
          "o.txt:5:3: warning: transmit: you have not developed Matter Transmission: it will be "
          "refused (14.2.4)\n"
          "o.txt:6:3: warning: transmit: you have not developed Matter Transmission: it will be "
          "refused (14.2.4)\n"
          "o.txt:7:3: warning: transmit: you have not developed Matter Transmission: it will be "
          "refused (14.2.4)\n"
          "o.txt:8:17: error: transmit: '0' is not an amount; write a whole number from 1 to "
          "1000000\n");
    // With it: C200 is race 2's colony, C138 the colony itself; an alias is known only in the
    // turn.
    SheetCheck m = check_sheet(sheet, "o.txt",
                               cosmos_game("state.set_entry('empire', '1', 'techs', 'MT', 0)"));
    CHECK(m.findings.to_string() ==
          "o.txt:3:1: note: 3 orders given, 1 counted against your administration limit of 20\n"
          "o.txt:5:3: warning: transmit: you have no colony C200: it will be refused (14.2.4)\n"
          "o.txt:6:3: warning: transmit: a colony cannot transmit to itself: it will be refused "
          "(14.2.4)\n"
          "o.txt:8:17: error: transmit: '0' is not an amount; write a whole number from 1 to "
          "1000000\n");
}

TEST_CASE("18.1: embed counts the orders a colony carries over", "[turnsheet][cosmos]") {
    // C138 carries over a build (which holds orders); `embed 1` puts the explore into it.
    // Without the carried-over build the colony's list is empty and there is no order 1.
    const std::string sheet = kHeader +
                              "race 1:\n"      // 3
                              "C138:\n"        // 4
                              "  embed 1\n"    // 5
                              "  orders:\n"    // 6
                              "    explore\n"  // 7
                              "  .\n";         // 8
    SheetCheck carried = check_sheet(sheet, "o.txt", cosmos_game(R"(
      local c = state.find("colony", "owner", "1")[1]
      state.create("queued", { owner = "1", colony = c, seq = 1, verb = "build",
        args = { "scout" }, given = 0 }))"));
    CHECK(carried.findings.to_string().find("embed:") == std::string::npos);
    SheetCheck none = check_sheet(sheet, "o.txt", game());
    CHECK(none.findings.to_string().find(
              "o.txt:5:3: warning: embed: this unit will have 0 orders before this order, so "
              "there is no order 1: it will be refused (18.1)\n") != std::string::npos);
}

TEST_CASE("2, 5: the blank sheet has the header and a block per colony and fleet",
          "[turnsheet][cosmos]") {
    LoadedGame g = cosmos_game(R"(
      local f = state.ship(state.find("ship", "number", 100)[1]).fleet
      state.create("queued", { owner = "1", fleet = f, seq = 1, verb = "move",
        args = { "H1416", "H1417" }, given = 0, begun = 3 }))");
    // Race 1's home is the centre hex: its coordinates are the GM's. The carried-over move is
    // shown under its fleet, since new orders are appended to it (2).
    const std::string one = blank_sheet(g, "1");
    CHECK(one ==
          "@ Race 1 (Altairi Concord): orders for turn 1.\n"
          "@ General orders (research, policy, name, alias) go under the race line; the\n"
          "@ orders of each colony and fleet under its ID, one a line. Write message all\n"
          "@ TEXT or message N TEXT to write to the races. @ starts a comment.\n"
          "turn 1\n"
          "secret\n"
          "race 1:\n"
          "\n"
          "C138:  @ Home138 at H1414\n"
          "\n"
          "S0100: @ Corvette at H1415\n"
          "  @ carried over: move H1416 H1417 (begun-3)\n"
          "\n"
          "S0101: @ Scout at H1417\n"
          "\n"
          "S0103: @ Explorer at H1211\n"
          "\n"
          "S0104: @ Corvette with 1 Scout at H1414\n"
          "\n"
          "S0106: @ Frigate at H2222 (out of command range)\n");
    // Race 2 sees its home GM H0707 at its centre hex H1414 (5).
    CHECK(blank_sheet(g, "2") ==
          "@ Race 2 (Betelgeuse Kin): orders for turn 1.\n"
          "@ General orders (research, policy, name, alias) go under the race line; the\n"
          "@ orders of each colony and fleet under its ID, one a line. Write message all\n"
          "@ TEXT or message N TEXT to write to the races. @ starts a comment.\n"
          "turn 1\n"
          "secret\n"
          "race 2:\n"
          "\n"
          "C200:  @ Home200 at H1414\n"
          "\n"
          "S0200: @ Frigate at H1414\n");
    // No page shows a secret: the web fills the session's into the bare line. So filled in, it
    // checks: no order yet, only the out-of-range fleet's warning.
    std::string filled = one;
    filled.replace(filled.find("secret\n"), 7, "secret " + g.info.secrets.at("1") + "\n");
    SheetCheck c = check_sheet(filled, "blank.txt", g);
    CHECK(c.findings.to_string() ==
          "blank.txt:7:1: note: 0 orders given, 0 counted against your administration limit of "
          "20\n"
          "blank.txt:20:1: warning: S0106: out of command range (more than 5 hexes from your "
          "colonies at the end of last turn): its orders are ignored, but count against your "
          "administration limit (2.2)\n");
    CHECK(c.ok());
}

TEST_CASE("the engine's blank sheet: the pack's hook, or the header lines without one",
          "[turnsheet]") {
    // The standard game's hook writes the three lines the web always wrote.
    LoadedGame std_game = load_game(
        GameDir(test::make_game(test::source_dir() / "scenarios" / "small.toml", "blank-sheet")));
    const std::string first = std_game.state.order_of_play.front();
    // Its SECRET line is bare: no page shows a secret.
    CHECK(blank_sheet(std_game, first) == "EMPIRE " + first + "\nSECRET\nTURN 1\n");
    // A pack without the hook (a variant of it whose grammar only parses) gets the engine's
    // header lines.
    const Pack bare_pack = test::load_pack(test::data_dir() / "packs" / "bare_sheet");
    LoadedGame bare{GameInfo{}, bare_pack, GameState::with_schema(bare_pack.schema()), {}};
    bare.state.add_empire(Empire{"ARC", "Arcturus", "Player 1", "K7QX2M9P", false});
    bare.info.secrets["ARC"] = "K7QX2M9P";
    CHECK(blank_sheet(bare, "ARC") == "EMPIRE ARC\nSECRET\nTURN 1\n");
}

TEST_CASE("15: overtime reads, raises the limit it is counted against, and what check warns of",
          "[turnsheet][cosmos][part3]") {
    std::string explores;
    for (int i = 0; i < 22; ++i)
        explores += "  explore\n";
    // C138 has 10 research centres and 100 i.p.; race 1 made nothing last turn, so an overtime
    // administration point's base cost is the least, 10 i.p. (15.2). Line 4 buys the turn's
    // 1st and 2nd points (10 + 40 i.p.), line 5 3 r.p. (12 i.p.); C200 is race 2's; 'lots' is
    // no kind of points; line 8's 9 r.p. are more than the 7 of C138's 10 left. The limit is
    // 20 + 2 = 22: the corvette's 22 explores all count and none is over it. Overtime is free
    // (15): 27 orders given, 22 counted.
    SheetCheck c = check_sheet(kHeader +
                                   "race 1:\n"                         // 3
                                   "overtime C138 2 administration\n"  // 4
                                   "overtime C138 3 research\n"        // 5
                                   "overtime C200 1 research\n"        // 6
                                   "overtime C138 1 lots\n"            // 7
                                   "overtime C138 9 research\n"        // 8
                                   "S0100:\n" +                        // 9
                                   explores,
                               "o.txt", cosmos_game(R"(
for _, id in ipairs(state.ids("colony")) do
  if state.planet(state.colony(id).planet).number == 138 then
    state.set("colony", id, { ip = 100, research = 10 })
  end
end)"));
    CHECK(c.findings.to_string() ==
          "o.txt:3:1: note: 27 orders given, 22 counted against your administration limit of "
          "22\n"
          "o.txt:6:1: warning: overtime: no colony of yours has that ID: it will be refused "
          "(15)\n"
          "o.txt:7:1: error: overtime: 'lots' is not a kind of points; write research or "
          "administration\n"
          "o.txt:8:1: warning: overtime: C138 has 10 research centres: at most 10 r.p. "
          "overtime, 7 left this turn: it will be refused (15)\n");
}
