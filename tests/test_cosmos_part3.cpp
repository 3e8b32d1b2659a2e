// The COSMOS orders of part 3 (issue 29) in whole turns (rules/cosmos/turn.lua) on the small
// scenario's 4 races: transmit (14.2.4), each outcome worked
// out by hand in the comment above its check. Race 1's home colony starts with 50 population, 25
// industries, 10 research centres and 130 i.p. (8.5).

#include <catch2/catch.hpp>

#include <string>

#include "support/cosmos_game.hpp"
#include "support/test_support.hpp"

using namespace hl;
using test::CosmosGame;

namespace {

// Lua that gives `c`, `p`, `cid` and `home` (race 1's home colony, its planet, its ID and its
// hex) and founds race 1's second colony `d` (ID `did`) on a new sub-terran planet of size 50
// in the home system, with 10 population, a starport of 5 and no i.p.
const char* kDepot = R"(
      local c, p = colony_of("1")
      local cid = string.format("C%03d", p.number)
      local home = p.hex
      local dpid, dnumber = new_planet(home, "subterran", 50, "DEPOT")
      local d = state.create("colony", { planet = dpid, owner = "1", population = 10,
        starport = 5, ip = 0 })
      local did = string.format("C%03d", dnumber)
)";

}  // namespace

TEST_CASE("14.2.4, 20.1: transmit sends i.p. before the receiver constructs; refusals",
          "[cosmos][orders][part3]") {
    CosmosGame g;
    // Race 1 has Matter Transmission. Its home colony's first orders are transmit 80 i.p. to
    // the depot, then transmit with no amount: all it has left, 130 - 80 = 50. Transmit
    // (priority 5, 20.1.1) comes before the depot's construct (6) whatever the draw, and takes
    // no time, so the home colony transmits both in phase 1 before the depot acts; the depot
    // then constructs 20 industries at 5 i.p. each (8.2, minerals 2): 100 of its 130 i.p.,
    // 30 left. Its transmit to race 2's home colony is refused: not race 1's colony. Race 2,
    // without the technology, is refused a transmit to its own home colony.
    // The home colony ends the phases with 0 i.p.; at the turn's end its 50 population grows
    // 20% to 60 (7.1), 25 industries and 60 units make 25 x 2 + 60 x 2 = 170 i.p. (8.4) and
    // its 10 research centres use 20 (8.2): 0 + 170 - 20 = 150 i.p.
    CHECK(g.turn(std::string(kDepot) + R"(
      state.set_entry("empire", "1", "techs", "MT", 0)
      local _, p2 = colony_of("2")
      local c2id = string.format("C%03d", p2.number)
      local sheets = quiet()
      sheets["1"].units = {
        { kind = "colony", number = dnumber, orders = {
          { verb = "construct", args = { "industries", 20 } },
          { verb = "transmit", args = { c2id, 5 } } } },
        { kind = "colony", number = p.number, orders = {
          { verb = "transmit", args = { did, 80 } }, { verb = "transmit", args = { did } } } } }
      sheets["2"].units = { { kind = "colony", number = p2.number, orders = {
        { verb = "transmit", args = { c2id } } } } }
      local t = run(sheets)
      local out = events(t, "1"):gsub(cid, "HOME"):gsub(did, "DEPOT"):gsub(c2id, "C2")
      return out .. "\n" .. events(t, "2"):gsub(c2id, "C2") .. "\n" .. state.colony(c.id).ip)") ==
          "Phase 1: HOME transmitted 80 i.p. to DEPOT\n"
          "Phase 1: HOME transmitted 50 i.p. to DEPOT\n"
          "Phase 1: DEPOT constructed 20 industries for 100 i.p.\n"
          "Phase 1: DEPOT: transmit C2 refused: no colony of yours has that ID\n"
          "Phase 1: C2: transmit C2 refused: needs Matter Transmission\n"
          "150");
}
