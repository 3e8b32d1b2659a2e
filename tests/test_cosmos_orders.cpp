// The COSMOS orders of sections 14.1 and 18 in whole turns (rules/cosmos/turn.lua) on the small
// scenario's 4 races, where a check needs Lua: counting aliases (in whatever order the draw
// makes them) and teaching (the costs a taught technology has for the pupil), each outcome
// worked out by hand in the comment above its check. Race 1's home is H0707 in its own
// coordinates; the hexes around it are made empty space where a move must take the standard 4
// phases a hex (9.3). The other orders of part 2 are rule tests as data in rules/cosmos/tests/
// (docs/rule-tests.md).

#include <catch2/catch.hpp>

#include <string>

#include "support/cosmos_game.hpp"
#include "support/test_support.hpp"

using namespace hl;
using test::CosmosGame;

namespace {

// Lua that makes H0706, H0708 and H0704 around race 1's home empty space and gives `c`, `p` and
// `cid` (race 1's home colony, its planet and its ID) and `home` (its hex).
const char* kHome = R"(
      for _, h in ipairs({ "H0706", "H0708", "H0704" }) do galaxy.set_kind(gm("1", h), "empty") end
      local c, p = colony_of("1")
      local cid = string.format("C%03d", p.number)
      local home = p.hex
)";

}  // namespace

TEST_CASE("18.2, 18.2.1, 18.5, 2.1: counting aliases in a repeat, used by later ships' orders",
          "[cosmos][orders]") {
    CosmosGame g;
    // 18.2.1's example with ships race 1 can build: its home colony (starport enlarged to 20 for
    // a capacity of 60, 9.1) repeats 3 times a build of a colony transport whose order is
    // myalias $transport.; then builds a frigate to form $transport1 and $transport2, and a
    // corvette to form $transport3. All in phase 1: a repeat puts a copy of its orders before it
    // and takes no time (18.5), so the three transports are S0103-S0105, the frigate S0106, the
    // corvette S0107 (sizes 30 + 15 + 5 = 50 <= 60; i.p. 3 x 15 + 50 + 15 = 110 <= 130). The
    // ships' myalias orders (priority 1, 20.1) come before the forms (7), in random order among
    // the three: each of transport1-3 names one of them, and $transport. the last made,
    // $transport3. The frigate's fleet holds 3 ships, the corvette's 2. 2.1: the repeat and the
    // build in it are the colony's two free orders, myalias is free; the frigate's build and form
    // and the corvette's build and form count: 4 of 7 orders given.
    CHECK(g.turn(std::string(kHome) + R"(
      state.set("colony", c.id, { starport = 20 })
      local sheets = quiet()
      sheets["1"].units = { { kind = "colony", number = p.number, orders = {
        { verb = "repeat", args = { 3 }, embedded = {
          { verb = "build", args = { "colony_transport" }, embedded = {
            { verb = "myalias", args = { "$transport." } } } } } },
        { verb = "build", args = { "frigate" }, embedded = {
          { verb = "form", args = { "$transport1", "$transport2" } } } },
        { verb = "build", args = { "corvette" }, embedded = {
          { verb = "form", args = { "$transport3" } } } } } } }
      run(sheets)
      local seen = {}
      for i = 1, 3 do
        local id = state.entry("empire", "1", "aliases", "transport" .. i)
        if id == "S0103" or id == "S0104" or id == "S0105" then seen[id] = true end
      end
      local distinct = 0
      for _ in pairs(seen) do distinct = distinct + 1 end
      local _, frigate = ship(106)
      local _, corvette = ship(107)
      local e = state.empire("1")
      return table.concat({ #state.find("ship", "fleet", frigate.id),
        #state.find("ship", "fleet", corvette.id), distinct,
        state.entry("empire", "1", "aliases", "transport."), e.orders_given, e.orders_counted },
        " "))") == "3 2 3 $transport3 7 4");
}

// Lua that has races 1 and 2 hold each other allied and gives race 2 a colony `emb` (ID
// `eid`) on a new sub-terran planet in race 1's home system, with 10 population.
const char* kEmbassy = R"(
      state.set_entry("empire", "1", "policy", "2", "ally")
      state.set_entry("empire", "2", "policy", "1", "ally")
      local epid, enumber = new_planet(home, "subterran", 50, "EMBASSY")
      local emb = state.create("colony", { planet = epid, owner = "2", population = 10,
        starport = 5 })
      local eid = string.format("C%03d", enumber)
)";

TEST_CASE("14.1: teaching an ally: cheaper, prerequisites waived, developed, or r.p. back",
          "[cosmos][orders]") {
    CosmosGame g;
    // Race 1 (Ion Cannons, Antimatter Guns, Energy Shield, General Science I) teaches from its
    // home colony to race 2's colony in the same system, the races allied. Race 2 starts with
    // 100 r.p. and researches General Science I in step 2 of the turn (cost 100, 14).
    // Ion Cannons (20): 20% off, rounded up: 16 from the next turn.
    // Antimatter Guns (40, needs Ion Cannons): 32, and open to research without Ion Cannons.
    // Energy Shield (30): race 2 had paid 24 already, the cost with the discount: developed at
    // once, in turn 1.
    // General Science I: race 2 developed it this turn: 20% of 100 = 20 r.p. for next turn,
    // besides the 20 its 10 research centres make with General Science I (8.4): 40.
    // Teaching reveals race 1's colony to race 2 (14.1). 2.1: two of the four teach orders are
    // the colony's free ones.
    CHECK(g.turn(std::string(kHome) + kEmbassy + R"(
      for _, code in ipairs({ "IC", "AG", "EN", "GS" }) do
        state.set_entry("empire", "1", "techs", code, 0)
      end
      state.set("empire", "2", { research_points = 100 })
      state.set_entry("empire", "2", "paid", "EN", 24)
      local sheets = quiet()
      sheets["2"].general = { { verb = "research", args = { "GS" } } }
      sheets["1"].units = { { kind = "colony", number = p.number, orders = {
        { verb = "teach", args = { eid, "Ion Cannons" } },
        { verb = "teach", args = { eid, "Antimatter Guns" } },
        { verb = "teach", args = { eid, "Energy Shield" } },
        { verb = "teach", args = { eid, "General Science I" } } } } }
      run(sheets)
      local techs_lib = import("lib/techs")
      local r2 = state.empire("2")
      local survey = false
      for _, id in ipairs(state.find("survey", "race", "2")) do
        local sv = state.get("survey", id)
        if sv.planet == p.id and sv.owner == "1" then survey = true end
      end
      return table.concat({ techs_lib.cost(r2.techs, "IC", 2, r2.taught),
        techs_lib.cost(r2.techs, "AG", 2, r2.taught),
        tostring(techs_lib.researchable(r2.techs, "AG", 2, r2.taught)),
        tostring(r2.techs.IC == nil), r2.techs.EN, r2.research_points, tostring(survey),
        state.empire("1").orders_counted }, " "))") == "16 32 true true 1 40 true 2");
}
