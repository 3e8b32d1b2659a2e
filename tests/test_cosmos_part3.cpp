// The COSMOS orders of part 3 (issue 29) in whole turns (rules/cosmos/turn.lua) on the small
// scenario's 4 races: transmit (14.2.4), terraform (14.2.3), overtime (15), each outcome worked
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

TEST_CASE("14.2.3, 8.3: terraform in phase 1 or 2, paid at once, the new type before growth",
          "[cosmos][orders][part3]") {
    CosmosGame g;
    // Race 1 has Terraforming I only. Three new colonies in its home system: M on a minimal
    // terran planet (size 40, 20 population, 150 i.p.), S on a sub-terran one (size 50, 10
    // population, 200 i.p.) and N on a minimal terran one (size 30, 10 population, 60 i.p.).
    // Phase 1: M begins terraforming into sub-terran (Terraforming I) and pays 100 i.p.: 50
    // left; its second terraform is refused (one at a time). S would need Terraforming II; N
    // has 60 i.p. of the 100; the terran home planet is terraformed no further. The home colony
    // then waits 2 phases (1-2) and its terraform in phase 3 is refused: too late in the turn.
    // After the phases M's planet is sub-terran (14.2.3), before growth: 20 population grows
    // 10% (Table 1, sub-terran) to 22, within the size of 40 (7.1), and makes no i.p. from
    // industries (it has none) but 1 i.p. a working unit (8.4, sub-terran): 22; no research
    // centres: 50 + 22 = 72 i.p. (Were it still minimal terran: no growth, 0.5 x 20 = 10 i.p.)
    // 8.3 condition 5: N, still minimal terran with Terraforming I developed, is not happy
    // until its planet is terraformed into a sub-terran one. The lines are sorted (colonies
    // with orders of one priority act in random order, 20.1): phase 13 is the production.
    CHECK(g.turn(R"(
      local c, p = colony_of("1")
      local cid = string.format("C%03d", p.number)
      state.set_entry("empire", "1", "techs", "TA", 0)
      local function colony(kind, size, population, ip)
        local pid, number = new_planet(p.hex, kind, size, "T" .. kind .. size)
        return state.create("colony", { planet = pid, owner = "1", population = population,
          starport = 5, ip = ip }), pid, number
      end
      local m, mpid, mn = colony("minimal", 40, 20, 150)
      local _, _, sn = colony("subterran", 50, 10, 200)
      local nid, npid, nn = colony("minimal", 30, 10, 60)
      local function tf() return { verb = "terraform", args = {} } end
      local sheets = quiet()
      sheets["1"].units = {
        { kind = "colony", number = mn, orders = { tf(), tf() } },
        { kind = "colony", number = sn, orders = { tf() } },
        { kind = "colony", number = nn, orders = { tf() } },
        { kind = "colony", number = p.number, orders = { tf(), { verb = "wait", args = { 2 } },
          tf() } } }
      local t = run(sheets)
      local names = { [cid] = "HOME", [string.format("C%03d", mn)] = "M",
        [string.format("C%03d", sn)] = "S", [string.format("C%03d", nn)] = "N",
        [string.format("P%03d", mn)] = "PM" }
      local sorted = {}
      for l in lines(t, "1", "terraform"):gmatch("[^\n]+") do
        sorted[#sorted + 1] = (l:gsub("[CP]%d%d%d", names))
      end
      table.sort(sorted)
      local out = table.concat(sorted, "\n")
      local ok, why = import("lib/happiness").check(state.colony(nid), state.planet(npid),
        state.empire("1").techs)
      local lacks = table.concat(why, "; "):match("its planet terraformed into a [%a-]+ planet")
      return table.concat({ out, state.planet(mpid).kind, state.colony(m).population,
        state.colony(m).ip, tostring(ok), tostring(lacks) }, "\n"))") ==
          "13: M terraformed PM into a sub-terran planet\n"
          "1: HOME: terraform refused: a terran planet cannot be terraformed\n"
          "1: M began terraforming PM into a sub-terran planet for 100 i.p.\n"
          "1: M: terraform refused: it is terraforming already\n"
          "1: N: terraform refused: not enough i.p. (60, needs 100)\n"
          "1: S: terraform refused: needs Terraforming II\n"
          "3: HOME: terraform refused: terraforming starts in phase 1 or 2\n"
          "subterran\n"
          "22\n"
          "72\n"
          "false\n"
          "its planet terraformed into a sub-terran planet");
}

TEST_CASE("15, 8.3: overtime makes r.p. and administration points, paid by the colony",
          "[cosmos][orders][part3]") {
    CosmosGame g;
    // Race 1 made 2431 i.p. last turn with 222 working population units and has Superlogistics
    // (limit 28): the base cost of an overtime administration point is 2 x 2431 / 222 x 1.4 =
    // 30.66, rounded up: 31 (15.2's example without the administrator's discount). Its home
    // colony has 10 research centres and 500 i.p.; a second colony D has 10 population.
    // The general orders in the order written (15):
    //   1 administration point: the turn's 1st, 1 x 1 x 31 = 31 i.p.: 469 left;
    //   2 more: the 2nd and 3rd, 4 x 31 + 9 x 31 = 403: 66 left;
    //   5 r.p.: 4 i.p. each, 20: 46 left;
    //   6 r.p.: refused, 5 of the colony's 10 (one per research centre) are left;
    //   5 r.p.: 20 i.p.: 26 left;
    //   1 point at D: refused, 10 population units are fewer than 20;
    //   1 more point: the 4th, 16 x 31 = 496 i.p., more than the 26 left: refused.
    // The limit is 28 + 3 = 31: of the corvette's 32 waits (none free, 2.1) one is ignored.
    // The 10 r.p. are there for this turn's research: with no research order they go to the
    // cheapest technology, Improved Industrial Engineering (20, 14). At the turn's end the
    // colony grows to 60 and makes 25 x 2 + 60 x 2 = 170 i.p., its centres use 20 (8.4):
    // 26 + 170 - 20 = 176. It worked overtime, so it lacks a turn without it to be happy (8.3
    // condition 3); the next turn clears the mark.
    CHECK(g.turn(R"(
      local c, p = colony_of("1")
      local cid = string.format("C%03d", p.number)
      state.set("empire", "1", { production = 2431, population = 222, research_points = 0 })
      state.set_entry("empire", "1", "techs", "SU", 0)
      state.set("colony", c.id, { ip = 500 })
      local dpid, dn = new_planet(p.hex, "subterran", 50, "DEPOT")
      state.create("colony", { planet = dpid, owner = "1", population = 10, starport = 5,
        ip = 100 })
      local did = string.format("C%03d", dn)
      local function ot(id, n, what) return { verb = "overtime", args = { id, n, what } } end
      local waits = {}
      for i = 1, 32 do waits[i] = { verb = "wait", args = { 1 } } end
      local sheets = quiet()
      sheets["1"].general = { ot(cid, 1, "administration"), ot(cid, 2, "administration"),
        ot(cid, 5, "research"), ot(cid, 6, "research"), ot(cid, 5, "research"),
        ot(did, 1, "administration"), ot(cid, 1, "administration") }
      sheets["1"].units = { { kind = "fleet", flagship = 102, orders = waits } }
      local t = run(sheets)
      local text = lines(t, "1", "vertime") .. "\n" ..
        lines(t, "1", "over the administration limit") .. "\n" .. lines(t, "1", "Research:")
      local ok, why = import("lib/happiness").check(state.colony(c.id), p,
        state.empire("1").techs)
      local lacks = table.concat(why, "; "):match("a turn without overtime")
      return (text:gsub(cid, "C"):gsub(did, "D")) .. "\n" .. table.concat({ state.colony(c.id).ip,
        tostring(state.colony(c.id).overtime), tostring(lacks) }, " "))") ==
          "0: Overtime at C: 1 administration point for 31 i.p.\n"
          "0: Overtime at C: 2 administration points for 403 i.p.\n"
          "0: Overtime at C: 5 r.p. for 20 i.p.\n"
          "0: overtime C 6 research refused: C has 10 research centres: at most 10 r.p. "
          "overtime, 5 left this turn\n"
          "0: Overtime at C: 5 r.p. for 20 i.p.\n"
          "0: overtime D 1 administration refused: D has 10 population units: administration "
          "needs a working population of at least 20\n"
          "0: overtime C 1 administration refused: C has 26 i.p., the overtime costs 496\n"
          "0: 1 order over the administration limit of 31 ignored\n"
          "0: Research: 10 r.p. to Improved Industrial Engineering\n"
          "176 true a turn without overtime");
    CHECK(g.turn(R"(
      local c = colony_of("1")
      run(quiet())
      return tostring(state.colony(c.id).overtime))") == "false");
}
