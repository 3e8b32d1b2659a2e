// Whole COSMOS turns (rules/cosmos/turn.lua) on the small scenario's 4 races: the set-up, orders
// queued and carried out over the 12 phases, battles, the production phase and the end of the
// game, each outcome worked out by hand from seed 004 in the comment above its check. Orders are
// given as the turnsheet grammar reads them ({general, units}); the races take them in turn 1.

#include <catch2/catch.hpp>

#include <string>

#include "support/cosmos_game.hpp"
#include "support/test_support.hpp"

using namespace hl;
using test::CosmosGame;

TEST_CASE("8.5, 9.8, 17, 5: the set-up gives each race its colony, ships and coordinates",
          "[cosmos]") {
    CosmosGame g;
    // 8.5 / 17: 50 population, 25 industries, 5 bases, a size 15 starport, 10 research centres,
    // no shields and 130 i.p. on a terran planet of size 80 and minerals 2; 9.8: scouts Srr00 and
    // Srr01 and the corvette Srr02, each alone in its fleet at home, tech s------ and s--l---;
    // 10 r.p. (17); the home at the centre of the race's own 14 x 14 map, H0707 (5). Victory
    // points 50 for the terran colony and 50 for the population (1.1). The ship pool starts at
    // S0500, the first hundred above race 4 (RULINGS.md).
    for (const char* race : {"1", "4"}) {
        CHECK(g.eval(std::string("local race = '") + race + R"('
          local c, p = colony_of(race)
          local e = state.empire(race)
          local ships = {}
          for _, n in ipairs({ 0, 1, 2 }) do
            local s, f = ship(tonumber(race) * 100 + n)
            ships[#ships + 1] = s.type .. ":" .. import("lib/ships").tech_string(s) .. ":" ..
              tostring(f.flagship == s.id and f.hex == p.hex)
          end
          return table.concat({ c.population, c.industries, c.bases, c.starport, c.research,
            c.shields, c.ip, p.kind, p.size, p.minerals, tostring(p.home_of == race),
            e.research_points, e.next_ship, e.vps, shown(race, e.home), #state.ids("fleet") }, " ")
            .. " " .. table.concat(ships, " "))") ==
              "50 25 5 15 10 0 130 terran 80 2 true 10 3 100 H0707 12 "
              "scout:s------:true scout:s------:true corvette:s--l---:true");
    }
    CHECK(g.eval(R"(
      local gm = state.game()
      return tostring(gm.last_turn >= 12 and gm.last_turn <= 14) .. " " .. gm.next_pool_ship)") ==
          "true 500");
}

TEST_CASE("8.5, 7.1, 8.4, 14: a turn without orders grows the home colony to 60 and 280 i.p.",
          "[cosmos]") {
    CosmosGame g;
    // 8.5: with no population shipped out the colony grows 20% to 60 (7.1) and makes 25 x 2 = 50
    // i.p. from its industries plus 60 x 2 = 120 from the population on its own home planet
    // (8.4, 6.5): 170 i.p.; the 10 research centres use 20 of them for 10 r.p. So 130 + 170 - 20
    // = 280 i.p. and 10 r.p. for turn 2. The 10 r.p. of turn 1 went to the cheapest technology,
    // 20 r.p., of which Improved Industrial Engineering comes first in Table 5 (14). 110 victory
    // points: 50 for the terran colony and 60 for the population (not happy: 5 bases < 30, 8.3).
    CHECK(g.turn(R"(
      run(quiet())
      local c = colony_of("1")
      local e = state.empire("1")
      return table.concat({ c.population, c.ip, e.research_points, e.research_used,
        state.entry("empire", "1", "paid", "IE"), e.production, e.research_made, e.vps,
        tostring(c.happy) }, " "))") == "60 280 10 10 10 170 10 110 false");
}

TEST_CASE("9.1, 8.2, 2.1, 20.1: build and construct orders, the administration limit", "[cosmos]") {
    CosmosGame g;
    // The colony builds a colony transport (15 i.p. and 5 population, 9.1), constructs 5
    // industries (5 i.p. each, 8.2), then is given 21 orders to construct one research centre.
    // 2.1: the first two colony orders are free, so 21 are counted and the 21st counted order is
    // over the limit of 20 and ignored: 20 centres are built for 3 i.p. each. All take no time, so
    // the colony carries them out in phase 1 one after another (20.1). I.p.: 130 - 15 - 25 - 60 =
    // 30. Population 45 grows 20% to 54 (7.1); production 30 industries x 2 + 54 x 2 = 168;
    // 30 centres use 60 i.p. for 30 r.p.: 30 + 168 - 60 = 138 i.p. The transport is S0103, the
    // race's first new ship (9), alone in its fleet with 5 colonists aboard. The notes list the
    // orders as processed (3): two free, one ignored.
    CHECK(g.turn(R"(
      local c, p = colony_of("1")
      local orders = { { verb = "build", args = { "colony_transport" } },
        { verb = "construct", args = { "industries", 5 } } }
      for _ = 1, 21 do orders[#orders + 1] = { verb = "construct", args = { "research", 1 } } end
      local sheets = quiet()
      sheets["1"].units = { { kind = "colony", number = p.number, orders = orders } }
      local t = run(sheets)
      c = colony_of("1")
      local e = state.empire("1")
      local s, f = ship(103)
      local free, ignored = 0, 0
      for _, n in ipairs(t.log) do
        if n.empire == "1" and n.phase == "processed" then
          if n.text:find('(free', 1, true) then free = free + 1 end
          if n.text:find('(ignored', 1, true) then ignored = ignored + 1 end
        end
      end
      return table.concat({ c.industries, c.research, c.population, c.ip, e.research_points,
        e.orders_given, e.orders_counted, s.type, s.population, orders_of(f), f.hex == p.hex and
        "home" or "away", free, ignored }, " "))") ==
          "30 30 54 138 30 23 21 colony_transport 5 0 home 2 1");
}

TEST_CASE("2.2, 3: the orders of a fleet out of command range are noted as ignored", "[cosmos]") {
    CosmosGame g;
    // The scout S0100 is marked out of command range (as the end of a turn would leave it, 2.2)
    // and given a move and an explore: the turn ignores both, so it stays in the home hex, and
    // the notes' orders as processed (3) mark both "(ignored: out of command range)", not "free"
    // though a scout fleet's first order is free (2.1). The scout S0101, in range, is given one
    // move: its free order, marked "(free)". No order is over the limit of 20.
    CHECK(g.turn(R"L(
      local _, f0 = ship(100)
      local home = f0.hex
      state.set("fleet", f0.id, { out_of_range = true })
      local sheets = quiet()
      sheets["1"].units = {
        { kind = "fleet", flagship = 100, orders = { { verb = "move", args = { 706 } },
          { verb = "explore", args = {} } } },
        { kind = "fleet", flagship = 101, orders = { { verb = "move", args = { 706 } } } } }
      local t = run(sheets)
      local range, free, limit = 0, 0, 0
      for _, n in ipairs(t.log) do
        if n.empire == "1" and n.phase == "processed" then
          if n.text:find("S0100", 1, true) and
              n.text:find("(ignored: out of command range)", 1, true) then
            range = range + 1
          end
          if n.text:find("S0101", 1, true) and n.text:find("(free)", 1, true) then
            free = free + 1
          end
          if n.text:find("(ignored: administration limit)", 1, true) then limit = limit + 1 end
        end
      end
      _, f0 = ship(100)
      return table.concat({ range, free, limit, f0.hex == home and "home" or "away" }, " "))L") ==
          "2 1 0 home");
}

TEST_CASE("11.3: a probe that cannot be made says why", "[cosmos]") {
    CosmosGame g;
    // A primitive colony (no owner: an enemy of every race, 4.1) is founded on a new planet in
    // race 1's home hex, which race 1 has explored. Both scouts are there. S0100 probes race 1's
    // own home colony, named: it is no enemy colony. S0101 probes with no target: the hex's
    // enemy colony is the primitives', but a scout has no bombing capability (11.1).
    CHECK(g.turn(R"(
      local _, p = colony_of("1")
      local id = new_planet(p.hex, "terran", 40, "Primeval")
      state.create("colony", { planet = id, population = 10, starport = 0 })
      local sheets = quiet()
      sheets["1"].units = {
        { kind = "fleet", flagship = 100, orders = { { verb = "probe",
          args = { string.format("C%03d", p.number) } } } },
        { kind = "fleet", flagship = 101, orders = { { verb = "probe", args = {} } } } }
      local t = run(sheets)
      local out = {}
      for _, n in ipairs(t.log) do
        if n.empire == "1" and n.phase == "event" and n.text:find("probe", 1, true) then
          out[#out + 1] = n.text
        end
      end
      table.sort(out)
      return table.concat(out, "\n"))") ==
          "S0100: probe: no enemy colony to probe here\n"
          "S0101: probe: no ships able to bomb");
}

// Lua that sends race 1's three ships to H0704 (made empty space), out of the way of battles in
// its home system, has race 2 hold race 1 an enemy and know its home system (so a bomb needs no
// exploring, 11.1), and sets the home colony's defence bases; `c` is the colony, `cid` its ID.
const char* kSiege = R"(
      local c, p = colony_of("1")
      local cid = string.format("C%03d", p.number)
      local away = gm("1", "H0704")
      galaxy.set_kind(away, "empty")
      for _, n in ipairs({ 100, 101, 102 }) do
        local _, f = ship(n)
        state.set("fleet", f.id, { hex = away })
      end
      state.set_entry("empire", "2", "policy", "1", "enemy")
      explored("2", p.hex)
)";

TEST_CASE("11.2, 11.3: defences that destroy a whole bombing or probing fleet; the game goes on",
          "[cosmos]") {
    CosmosGame g;
    // Race 1's home colony has 50 population and 100 defence bases: it operates 2 x 50 = 100
    // (8.2) and has 100 + 50 / 5 = 110 defenders (11.2). Race 2's assault bomber S0203 (hull 15,
    // armour 2, no shield) bombs it: each shot deals 1.04 x 0.5 to 1.5 = 0.52 to 1.56 (Table 3
    // normal, unshielded armour 2; RULINGS.md), so after 29 shots it has taken at least
    // floor(29 x 0.52) = 15: destroyed in phase 1 before it bombs, with shots to spare, and its
    // last shot leaves 15 or 16 damage. The whole fleet is gone: the bombing line is never written
    // and the turn goes on. In turn 2 race 2's S0204, an assault bomber with 10 damage already,
    // probes the colony: only 10 defenders fire at a probe (11.3), 10 x 0.52 = 5.2 >= the 5 it has
    // left: destroyed too, 15 or 16 damage, and the probe reveals nothing.
    CHECK(g.turn(std::string(kSiege) + R"(
      state.set("colony", c.id, { bases = 100 })
      local n = add_ship("2", "assault_bomber", p.hex)
      local sheets = quiet()
      sheets["2"].units = { { kind = "fleet", flagship = n, orders = {
        { verb = "bomb", args = { cid } } } } }
      local t = run(sheets)
      local text = lines(t, "2", cid)
      local ok = text:match("^1: S0203: the defences of C%d+ fired %d+ shots: S0203 Assault " ..
        "Bomber 1[56] damage, destroyed\n1: S0203: the whole fleet was destroyed by the " ..
        "defences of C%d+$") ~= nil
      local shots = tonumber(text:match("fired (%d+) shots"))
      return table.concat({ tostring(ok), tostring(shots >= 10 and shots <= 29),
        tostring(ship(203) == nil), state.colony(c.id).bases,
        tostring(lines(t, "2", "bombed") == "") }, " "))") == "true true true 100 true");
    CHECK(g.turn(R"(
      local c, p = colony_of("1")
      local cid = string.format("C%03d", p.number)
      local n = add_ship("2", "assault_bomber", p.hex, { damage = 10 })
      local sheets = quiet()
      sheets["2"].units = { { kind = "fleet", flagship = n, orders = {
        { verb = "probe", args = { cid } } } } }
      local t = run(sheets)
      local text = lines(t, "2", cid)
      local ok = text:match("^1: S0204: the defences of C%d+ fired %d+ shots: S0204 Assault " ..
        "Bomber [56] damage, destroyed\n1: S0204: the whole fleet was destroyed by the " ..
        "defences of C%d+$") ~= nil
      local shots = tonumber(text:match("fired (%d+) shots"))
      return table.concat({ tostring(ok), tostring(shots >= 4 and shots <= 10),
        tostring(ship(204) == nil), tostring(lines(t, "2", "probed") == "") }, " "))") ==
          "true true true true");
}

TEST_CASE("11.2: all defenders fire at the first fleet to attack; a later one gets what is left",
          "[cosmos]") {
    // Race 2's two fleets bomb race 1's home colony (50 population) for one phase each in phase
    // 1. The fleet with the Relativity Drive acts first (3 phases a hex against 4: faster, 20).
    SECTION("the first fleet survives: none left for the second") {
        CosmosGame g;
        // No bases: 50 / 5 = 10 defenders (11.2), all at the battleship S0203 (hull 60), which
        // takes 10 x 0.52 .. 1.56: 5 to 15 damage and survives. Nothing is left for S0204.
        CHECK(g.turn(std::string(kSiege) + R"(
          state.set("colony", c.id, { bases = 0 })
          local a = add_ship("2", "battleship", p.hex, { drive = "relativity" })
          local b = add_ship("2", "battleship", p.hex)
          local sheets = quiet()
          sheets["2"].units = {
            { kind = "fleet", flagship = a, orders = { { verb = "bomb", args = { cid, 1 } } } },
            { kind = "fleet", flagship = b, orders = { { verb = "bomb", args = { cid, 1 } } } } }
          local t = run(sheets)
          local first = lines(t, "2", "S0203: the defences")
          local damage = tonumber(first:match("S0203 Battleship (%d+) damage, %d+ d.p. left$"))
          return table.concat({ tostring(first:match("^1: S0203: the defences of C%d+ fired 10 " ..
            "shots: ") ~= nil), tostring(damage >= 5 and damage <= 15),
            (lines(t, "2", "S0204: the defences"):gsub("C%d+", "C")) }, " "))") ==
              "true true 1: S0204: the defences of C fired 0 shots: no shots left to fire");
    }
    SECTION("the first fleet is destroyed with shots to spare: the rest fire at the second") {
        CosmosGame g;
        // 40 bases, all operable (up to 100): 40 + 10 = 50 defenders. The assault bomber S0203
        // (hull 15) is destroyed after k shots, 10 <= k <= 29 (15 / 1.56 .. 15 / 0.52); the other
        // 50 - k, at least 21, go to the dreadnought S0204 (hull 90): at least floor(21 x 0.52)
        // = 10 damage and at most 40 x 1.56 = 62: it survives.
        CHECK(g.turn(std::string(kSiege) + R"(
          state.set("colony", c.id, { bases = 40 })
          local a = add_ship("2", "assault_bomber", p.hex, { drive = "relativity" })
          local b = add_ship("2", "dreadnought", p.hex)
          local sheets = quiet()
          sheets["2"].units = {
            { kind = "fleet", flagship = a, orders = { { verb = "bomb", args = { cid, 1 } } } },
            { kind = "fleet", flagship = b, orders = { { verb = "bomb", args = { cid, 1 } } } } }
          local t = run(sheets)
          local k = tonumber(lines(t, "2", "S0203: the defences"):match("fired (%d+) shots"))
          local second = lines(t, "2", "S0204: the defences")
          local rest = tonumber(second:match("fired (%d+) shots"))
          local damage = tonumber(second:match("S0204 Dreadnought (%d+) damage, %d+ d.p. left$"))
          return table.concat({ tostring(k >= 10 and k <= 29), tostring(k + rest == 50),
            tostring(damage >= 10 and damage <= 62), tostring(ship(203) == nil) }, " "))") ==
              "true true true true");
    }
}

TEST_CASE("8.2: defence bases do not fire in the phase they are constructed", "[cosmos]") {
    CosmosGame g;
    // Race 1's home colony (50 population, no bases) constructs 20 bases in phase 1 (colonies
    // act before fleets, 20); race 2's dreadnought S0203 bombs it that phase: only the 50 / 5 =
    // 10 defenders of the population fire (8.2). It bombs again in phase 2, when the bases that
    // survived phase 1's 15 hits (Table 4) fire too: 10 + 20 - the bases it destroyed.
    CHECK(g.turn(std::string(kSiege) + R"(
      state.set("colony", c.id, { bases = 0 })
      local n = add_ship("2", "dreadnought", p.hex)
      local sheets = quiet()
      sheets["1"].units = { { kind = "colony", number = p.number, orders = {
        { verb = "construct", args = { "bases", 20 } } } } }
      sheets["2"].units = { { kind = "fleet", flagship = n, orders = {
        { verb = "bomb", args = { cid, 1 } }, { verb = "bomb", args = { cid, 1 } } } } }
      local t = run(sheets)
      local text = "\n" .. lines(t, "2", "S0203")
      local one = tonumber(text:match("\n1: S0203: the defences of C%d+ fired (%d+) shots"))
      local two = tonumber(text:match("\n2: S0203: the defences of C%d+ fired (%d+) shots"))
      local bombed = text:match("\n1: S0203 bombed [^\n]*") or ""
      local hit = tonumber(bombed:match("(%d+) defence bases?")) or 0
      return table.concat({ one, tostring(two == 30 - hit),
        tostring(lines(t, "1", "constructed 20 defence bases") ~= "") }, " "))") == "10 true true");
}

TEST_CASE(
    "10, 3: exploration hazard lines name the fleet the lost ships were in, and the "
    "explored line the fleet as it is after",
    "[cosmos]") {
    CosmosGame g;
    // A fleet of five scouts (no armed ship, no explorer, no Graviton Scanner) explores a system
    // its race has not explored: each ship is lost with chance 20% (10). Over fresh fleets in
    // fresh systems, the lines of the lost ships name the fleet they were in (its flagship
    // before the exploration); when the flagship S0100 is lost and others survive, the explored
    // line names the fleet by its new flagship, the surviving ship with the lowest number (9.2).
    // The draws come from the test's fixed stream: the case of a lost flagship comes up, and
    // is checked every time it does.
    CHECK(g.eval(R"(
      local World = import("lib/world")
      local AF = import("lib/act_fleet")
      local U = import("lib/units")
      local hex = gm("1", "H0706")
      galaxy.set_kind(hex, "system_c")
      local cases, wrong = 0, 0
      for _ = 1, 60 do
        local w = World.load()
        w.phase, w.lost = 1, {}
        local _, f = U.new_fleet(w, "1", hex, nil)
        local numbers = {}
        for i = 1, 5 do
          local s = U.new_ship(w, "1", "scout", hex)
          U.put(w, s.id, f.id)
          numbers[i] = s.number
        end
        U.settle(w, f.id)
        local before = U.ship_text(w.ships[f.flagship])
        AF.explore_hex(w, f, hex)
        local lost, explored = 0, nil
        for _, e in ipairs(w.events["1"]) do
          if e.text:find("was lost exploring", 1, true) then
            lost = lost + 1
            if not e.text:find("of the fleet " .. before .. " was lost", 1, true) then
              wrong = wrong + 1
            end
          elseif e.text:find(" explored ", 1, true) then
            explored = e.text:match("^(S%d+) explored")
          end
        end
        if not f.gone and lost > 0 and explored ~= U.ship_text(w.ships[f.flagship]) then
          wrong = wrong + 1
        end
        if not f.gone and explored ~= before then cases = cases + 1 end
      end
      return tostring(cases > 0) .. " " .. wrong)") == "true 0");
}

TEST_CASE("3, 8.2, 14: event lines count in the right noun form, cause before effect", "[cosmos]") {
    CosmosGame g;
    // Race 1 starts turn 1 with 20 r.p.: all go to the cheapest technology, Improved Industrial
    // Engineering (20 r.p., first of Table 5 at that cost, 14), which they develop: the line of
    // the r.p. spent comes before the line of the development. The colony constructs 1 industry
    // (5 i.p., 8.2) and 1 defence base: one of each, in the singular, by the installation's
    // noun. Shields need Planet Shield, which the race lacks: none are built; the order written
    // on the sheet (line 5) says so and why, the same order with no sheet line (as the default
    // orders of 2.3 are) leaves no line at all.
    CHECK(g.turn(R"(
      state.set("empire", "1", { research_points = 20 })
      local _, p = colony_of("1")
      local sheets = quiet()
      sheets["1"].units = { { kind = "colony", number = p.number, orders = {
        { verb = "construct", args = { "industries", 1 }, line = 3 },
        { verb = "construct", args = { "bases", 1 }, line = 4 },
        { verb = "construct", args = { "shields", 1 }, line = 5 },
        { verb = "construct", args = { "shields", 1 } } } } }
      local t = run(sheets)
      local out = {}
      for _, n in ipairs(t.log) do
        if n.empire == "1" and n.phase == "event" and (n.text:find("Research:", 1, true) or
            n.text:find("Developed", 1, true) or n.text:find("construct", 1, true)) then
          out[#out + 1] = (n.text:gsub("C%d+", "C"):gsub(" for %d+ i.p.", ""))
        end
      end
      return table.concat(out, "\n"))") ==
          "Research: 20 r.p. to Improved Industrial Engineering\n"
          "Developed Improved Industrial Engineering\n"
          "C constructed 1 industry\n"
          "C constructed 1 defence base\n"
          "C: construct shields: none built: needs Planet Shield");
}

TEST_CASE("3, 8.2, 14: a construct that built fewer says why; research lines in the order given",
          "[cosmos]") {
    CosmosGame g;
    // Race 1 has 50 r.p. and orders 30 to Energy Shield, then 20 to Ion Cannons: the lines
    // follow the orders, though Table 5 lists Ion Cannons first (14). The home colony (50
    // population, 5 defence bases) has 1000 i.p. It constructs 200 bases: it may have at most
    // 2 x 50 + 5 = 105 (8.2), so 100 are built at 5 i.p. each: 500 i.p., 500 left. Then 120
    // industries at 2 + 3 = 5 i.p. each: the 500 i.p. pay for 100.
    CHECK(g.turn(R"(
      state.set("empire", "1", { research_points = 50 })
      local c, p = colony_of("1")
      state.set("colony", c.id, { ip = 1000 })
      local sheets = quiet()
      sheets["1"].general = { { verb = "research", args = { "EN", 30 } },
        { verb = "research", args = { "IC", 20 } } }
      sheets["1"].units = { { kind = "colony", number = p.number, orders = {
        { verb = "construct", args = { "bases", 200 }, line = 3 },
        { verb = "construct", args = { "industries", 120 }, line = 4 } } } }
      local t = run(sheets)
      local built = lines(t, "1", "constructed"):gsub("C%d+", "C")
      return lines(t, "1", "Research:") .. "\n" .. built)") ==
          "0: Research: 30 r.p. to Energy Shield\n"
          "0: Research: 20 r.p. to Ion Cannons\n"
          "1: C constructed 100 defence bases for 500 i.p. (200 ordered: a colony of 50 "
          "population units may have at most 105 defence bases)\n"
          "1: C constructed 100 industries for 500 i.p. (120 ordered: not enough i.p. (500, at 5 "
          "i.p. each))");
}

TEST_CASE("9.3, 18.1, 2.2: moves take phases by drive and dust, carry over, break; range",
          "[cosmos]") {
    CosmosGame g;
    // Around race 1's home everything is made empty space except H0708 (its own coordinates),
    // made dust. 9.3: the corvette S0102 moves H0708 H0709: from a non-dust hex into dust takes
    // half of 4 plus half of 6 = 5 phases (arriving in phase 5), out of the dust again 5 more
    // (phase 10). The scout S0100 moves 3 hexes north in empty space, 4 phases each: H0706 in
    // phase 4, H0705 in 8, H0704 in 12; done. The scout S0101 farmoves 4 hexes north: after 12
    // phases it is at H0704 and the order carries over; in turn 2 a break clears it (18.1).
    // 2.2: at the end of turn 1 the corvette is 2 hexes from the colony: in range.
    std::string setup = R"(
      local home = state.empire("1").home
      for _, h in ipairs(import("lib/units").within(home, 5)) do
        if h ~= home then galaxy.set_kind(h, "empty") end
      end
      galaxy.set_kind(gm("1", "H0708"), "dust")
      local sheets = quiet()
      sheets["1"].units = {
        { kind = "fleet", flagship = 102, orders = { { verb = "move", args = { 708, 709 } } } },
        { kind = "fleet", flagship = 100,
          orders = { { verb = "move", args = { 706, 705, 704 } } } },
        { kind = "fleet", flagship = 101, orders = { { verb = "farmove", args = { 703 } } } } }
      local t = run(sheets)
      local _, corvette = ship(102)
      local _, s0 = ship(100)
      local _, s1 = ship(101)
      return events(t, "1", true) .. "\n" .. table.concat({ shown("1", corvette.hex),
        orders_of(corvette), tostring(corvette.out_of_range), shown("1", s0.hex), orders_of(s0),
        shown("1", s1.hex), orders_of(s1) }, " "))";
    // (The events sorted as text: the two scouts act in the same phase in random order.)
    CHECK(g.turn(setup) ==
          "Phase 10: S0102 moved to H0709\n"
          "Phase 12: S0100 moved to H0704\n"
          "Phase 12: S0101 moved to H0704\n"
          "Phase 4: S0100 moved to H0706\n"
          "Phase 4: S0101 moved to H0706\n"
          "Phase 5: S0102 moved to H0708\n"
          "Phase 8: S0100 moved to H0705\n"
          "Phase 8: S0101 moved to H0705\n"
          "H0709 0 false H0704 0 H0704 1");
    CHECK(g.turn(R"(
      local sheets = quiet()
      sheets["1"].units = { { kind = "fleet", flagship = 101, orders = { { verb = "break",
        args = {} } } } }
      run(sheets)
      local _, s1 = ship(101)
      return shown("1", s1.hex) .. " " .. orders_of(s1))") == "H0704 0");
}

TEST_CASE("10, 10.2: a colony transport explores and founds a colony", "[cosmos]") {
    CosmosGame g;
    // Race 1 has the Graviton Scanner (no exploration hazard, 10). H0706, next to its home, is
    // made a B system holding one sub-terran planet of size 40 and minerals 2. The colony builds
    // a colony transport with the embedded orders move H0706 and colonize: it arrives in phase 4
    // (4 phases a hex) and in phase 5 explores the unexplored system and founds a colony there
    // with its 5 colonists (10.2): a size 5 starport, nothing else; the transport is dissolved.
    // The colony's 5 population grow 10% (0.5: 5 or 6, 7.1). The race knows the planet now.
    CHECK(g.turn(R"(
      state.set_entry("empire", "1", "techs", "GR", 0)
      local hex = gm("1", "H0706")
      for _, id in ipairs(state.find("planet", "hex", hex)) do
        for _, cid in ipairs(state.find("colony", "planet", id)) do state.delete("colony", cid) end
        state.delete("planet", id)
      end
      galaxy.set_kind(hex, "system_b")
      local pid, number = new_planet(hex, "subterran", 40, "NEWHOPE")
      local _, p = colony_of("1")
      local sheets = quiet()
      sheets["1"].units = { { kind = "colony", number = p.number, orders = { { verb = "build",
        args = { "colony_transport" }, embedded = { { verb = "move", args = { 706 } },
        { verb = "colonize", args = {} } } } } } }
      local t = run(sheets)
      local cid = state.find("colony", "planet", pid)[1]
      local c = state.colony(cid)
      local text = events(t, "1")
      local founded = string.format("Phase 5: S0103 founded the colony C%03d on NEWHOPE " ..
        "(subterran 40/2) with 5 population", number)
      return table.concat({ tostring(text:find("Phase 4: S0103 moved to H0706", 1, true) ~= nil),
        tostring(text:find("Phase 5: S0103 explored H0706: 1 planet", 1, true) ~= nil),
        tostring(text:find(founded, 1, true) ~= nil), c.owner, c.starport, c.industries,
        c.bases, tostring(c.population == 5 or c.population == 6), tostring(ship(103) == nil),
        #state.find("survey", "planet", pid) }, " "))") == "true true true 1 5 0 0 true true 1");
}

TEST_CASE("9.5, 4: a surprise attack, a battle to the end, and the victim turns enemy",
          "[cosmos]") {
    CosmosGame g;
    // Race 2's corvette S0202 is put in race 1's home system. Race 1 declares race 2 enemy
    // (a free general order, 4); race 2 stays neutral. In phase 1's battle race 1's corvette
    // fires at race 2's corvette, which does not fire back (it did not expect a fight: 4,
    // Table 3's surprise column, reported with each attack, 9.5), until it is destroyed, which
    // the battle's losses report; race 1's unarmed scouts are never attacked. At the end of the
    // phase race 2's policy toward race 1 becomes enemy (20 3e).
    CHECK(g.turn(R"L(
      local _, f = ship(202)
      local _, home = ship(102)
      state.set("fleet", f.id, { hex = home.hex })
      local sheets = quiet()
      sheets["1"].general = { { verb = "policy", args = { "2", "enemy" } } }
      local t = run(sheets)
      local mine = ship(102)
      local text = events(t, "2")
      return table.concat({ tostring(ship(202) == nil), mine.damage,
        state.entry("empire", "2", "policy", "1"), tostring(ship(100) ~= nil),
        tostring(text:find("Phase 1: Battle at", 1, true) ~= nil),
        tostring(text:find("  Race 2 lost 1 ship (Corvette; 15 i.p.)", 1, true) ~= nil),
        tostring(text:find("Segment 1: S0102 Corvette of race 1 fired 2 lasers at S0202 " ..
          "Corvette of race 2, a surprise attack: ", 1, true) ~= nil) }, " "))L") ==
          "true 0 enemy true true true true");
}

TEST_CASE("9.1: launch builds despite enemy warships, and only with the Secure Launch System",
          "[cosmos]") {
    CosmosGame g;
    // Race 2's corvette S0202 is put in race 1's home system and race 4's S0402 in race 3's, each
    // race's own corvette sent 3 hexes away (H0704, made empty space), and races 2 and 4 declare
    // their victims enemy: armed enemy ships and no friendly ones, a blockade (9.1). Race 1 has
    // not developed the Secure Launch System: its launch is refused with a note (no time, so its
    // next order runs in the same phase), and its build waits in phase 1 and stays queued, as no
    // armed ship of race 1 arrives all turn. Race 3 has it: its launch builds a corvette at once
    // in phase 1, race 3's first new ship S0303 (9).
    CHECK(g.turn(R"(
      local function blockade(victim, enemy)
        local _, theirs = ship(tonumber(enemy) * 100 + 2)
        local _, own = ship(tonumber(victim) * 100 + 2)
        local away = gm(victim, "H0704")
        galaxy.set_kind(away, "empty")
        state.set("fleet", theirs.id, { hex = own.hex })
        state.set("fleet", own.id, { hex = away })
        state.set_entry("empire", enemy, "policy", victim, "enemy")
      end
      blockade("1", "2")
      blockade("3", "4")
      state.set_entry("empire", "3", "techs", "SL", 0)
      local c1, p1 = colony_of("1")
      local _, p3 = colony_of("3")
      local sheets = quiet()
      sheets["1"].units = { { kind = "colony", number = p1.number, orders = {
        { verb = "launch", args = { "corvette" } }, { verb = "build", args = { "corvette" } } } } }
      sheets["3"].units = { { kind = "colony", number = p3.number, orders = {
        { verb = "launch", args = { "corvette" } } } } }
      local t = run(sheets)
      local one, three = events(t, "1"), events(t, "3")
      local function has(text, line) return tostring(text:find(line, 1, true) ~= nil) end
      return table.concat({
        has(one, string.format("Phase 1: C%03d: launch Corvette: needs the Secure Launch " ..
          "System; use build instead", p1.number)),
        has(one, string.format("Phase 1: C%03d: build Corvette waits: enemy warships in the " ..
          "system", p1.number)),
        #state.find("queued", "colony", c1.id), tostring(ship(103) == nil),
        has(three, string.format("Phase 1: C%03d launched S0303 Corvette", p3.number)) }, " "))") ==
          "true true 1 true true");
}

TEST_CASE("9.3.1: a fleet with the Graviton Drive flips from a black hole in one phase",
          "[cosmos]") {
    CosmosGame g;
    // Race 1 has the Graviton Drive, fitted on the corvette S0102 and the scout S0101 (not on the
    // scout S0100). H0708, next to its home, is made a black hole and H0703 empty space. S0102
    // moves into the black hole (4 phases a hex, no dust: phase 4), then flips to H0703, 5 hexes
    // away (within 10), in the next phase, 5; it came from no neighbouring hex, so it has none to
    // flee back to (9.5.1). S0100 cannot flip (no Graviton Drive) and S0101 cannot flip from its
    // home system (not a black hole): both refused in phase 1 with a note, the fleets staying.
    CHECK(g.turn(R"(
      state.set_entry("empire", "1", "techs", "GD", 0)
      for _, n in ipairs({ 101, 102 }) do state.set("ship", ship(n).id, { graviton = true }) end
      galaxy.set_kind(gm("1", "H0708"), "black_hole")
      galaxy.set_kind(gm("1", "H0703"), "empty")
      local sheets = quiet()
      sheets["1"].units = {
        { kind = "fleet", flagship = 102, orders = { { verb = "move", args = { 708 } },
          { verb = "flip", args = { 703 } } } },
        { kind = "fleet", flagship = 100, orders = { { verb = "flip", args = { 703 } } } },
        { kind = "fleet", flagship = 101, orders = { { verb = "flip", args = { 703 } } } } }
      local t = run(sheets)
      local _, corvette = ship(102)
      local _, s0 = ship(100)
      local _, s1 = ship(101)
      return events(t, "1", true) .. "\n" .. table.concat({ shown("1", corvette.hex),
        orders_of(corvette), tostring(not corvette.came_from), shown("1", s0.hex),
        shown("1", s1.hex) }, " "))") ==
          "Phase 1: S0100: flip H0703 refused: not every ship has the Graviton Drive\n"
          "Phase 1: S0101: flip H0703 refused: the fleet is not in a black hole hex\n"
          "Phase 4: S0102 moved to H0708\n"
          "Phase 5: S0102 flipped to H0703\n"
          "H0703 0 true H0707 H0707");
}

TEST_CASE("9.3.1: a flip reaches 10 hexes from the black hole and no further", "[cosmos]") {
    // The small scenario's four races on the seed's 28 x 28 map, where hexes lie more than 10
    // apart (on 14 x 14 none is): race 1's home is its H1414. Its corvette S0102 and scout S0101
    // have the Graviton Drive; H1415, next to home, is made a black hole, H1425 and H1426 empty
    // space. Both fleets move into the black hole (4 phases a hex: phase 4) and flip in phase 5:
    // S0102 to H1425, 10 hexes down the column, within movement.flip_range (10, 9.3.1); S0101 to
    // H1426, 11 hexes: refused with no time, the scout staying in the black hole (RULINGS.md
    // "Flip and jump refused").
    CosmosGame g("\n[galaxy]\nwidth = 28\nheight = 28\n");
    CHECK(g.turn(R"(
      state.set_entry("empire", "1", "techs", "GD", 0)
      for _, n in ipairs({ 101, 102 }) do state.set("ship", ship(n).id, { graviton = true }) end
      galaxy.set_kind(gm("1", "H1415"), "black_hole")
      galaxy.set_kind(gm("1", "H1425"), "empty")
      galaxy.set_kind(gm("1", "H1426"), "empty")
      local sheets = quiet()
      sheets["1"].units = {
        { kind = "fleet", flagship = 102, orders = { { verb = "move", args = { 1415 } },
          { verb = "flip", args = { 1425 } } } },
        { kind = "fleet", flagship = 101, orders = { { verb = "move", args = { 1415 } },
          { verb = "flip", args = { 1426 } } } } }
      local t = run(sheets)
      local _, corvette = ship(102)
      local _, scout = ship(101)
      return events(t, "1", true) .. "\n" .. table.concat({ shown("1", corvette.hex),
        shown("1", scout.hex), orders_of(corvette), orders_of(scout) }, " "))") ==
          "Phase 4: S0101 moved to H1415\n"
          "Phase 4: S0102 moved to H1415\n"
          "Phase 5: S0101: flip H1426 refused: more than 10 hexes from the black hole\n"
          "Phase 5: S0102 flipped to H1425\n"
          "H1425 H1415 0 0");
}

TEST_CASE(
    "9.3.2: jumps between empty space hexes, anywhere with the Ultimate Jump Drive, and "
    "into a black hole",
    "[cosmos]") {
    CosmosGame g;
    // Race 1's corvette S0102 has the Jump Drive, its scout S0100 the Ultimate Jump Drive without
    // the Graviton Drive, its scout S0101 both; race 2's scout S0200 has no jump drive. H0706
    // (next to race 1's home) and H0702 are made empty space, H0710 a black hole. S0102 cannot
    // jump from its home system (a plain Jump Drive needs empty space at both ends): refused in
    // phase 1 with no time, so it moves to H0706 at once (arriving in phase 4) and jumps to
    // H0702 in phase 5, with no hex to flee back to (9.5.1). Both scouts jump into the black hole
    // in phase 1: S0100, without the Graviton Drive, is destroyed there; S0101 stays. S0200's
    // jump is refused: no jump drive.
    CHECK(g.turn(R"(
      state.set("ship", ship(102).id, { jump = "jump" })
      state.set("ship", ship(100).id, { jump = "ultimate" })
      state.set("ship", ship(101).id, { jump = "ultimate", graviton = true })
      galaxy.set_kind(gm("1", "H0706"), "empty")
      galaxy.set_kind(gm("1", "H0702"), "empty")
      galaxy.set_kind(gm("1", "H0710"), "black_hole")
      local sheets = quiet()
      sheets["1"].units = {
        { kind = "fleet", flagship = 102, orders = { { verb = "jump", args = { 702 } },
          { verb = "move", args = { 706 } }, { verb = "jump", args = { 702 } } } },
        { kind = "fleet", flagship = 100, orders = { { verb = "jump", args = { 710 } } } },
        { kind = "fleet", flagship = 101, orders = { { verb = "jump", args = { 710 } } } } }
      sheets["2"].units = {
        { kind = "fleet", flagship = 200, orders = { { verb = "jump", args = { 702 } } } } }
      local t = run(sheets)
      local _, corvette = ship(102)
      local _, s1 = ship(101)
      return events(t, "1", true) .. "\n" .. events(t, "2") .. "\n" .. table.concat({
        shown("1", corvette.hex), tostring(not corvette.came_from), tostring(ship(100) == nil),
        shown("1", s1.hex) }, " "))") ==
          "Phase 1: S0100 Scout was destroyed in the black hole at H0710: no Graviton Drive\n"
          "Phase 1: S0100 jumped to H0710\n"
          "Phase 1: S0101 jumped to H0710\n"
          "Phase 1: S0102: jump H0702 refused: only the Ultimate Jump Drive on every ship jumps "
          "to or from a hex that is not empty space\n"
          "Phase 4: S0102 moved to H0706\n"
          "Phase 5: S0102 jumped to H0702\n"
          "Phase 1: S0200: jump H0702 refused: not every ship has a Jump Drive\n"
          "H0702 true true H0710");
}

TEST_CASE(
    "9.5.1: a ship that flees moves to a neighbour that is not dust, or jumps to the race's "
    "nearest colony with the Ultimate Jump Drive",
    "[cosmos]") {
    CosmosGame g;
    // Race 2's corvette S0202 (standard drive) is put in race 1's home system H0707 and race 2
    // holds race 1 enemy; race 1's corvette S0102 is sent to H0703 (empty space), leaving its
    // two scouts at home, both with the Hyper Drive, S0101 also with the Ultimate Jump Drive.
    // Race 1 has a second colony at H0710 (a B system), 3 hexes down its column; of the six
    // hexes next to home, all but H0708 are made dust. In phase 1's battle the scouts (1 phase a
    // hex) act before the corvette (4): unarmed, not yet attacked, with an armed enemy present,
    // both flee; the corvette finds no target and the battle ends after 1 segment (9.5). The
    // enemy corvette is still there, so neither may stay (9.5.1). Neither fleet came from
    // another hex (they began the game at home): S0100, slower in dust (1 phase a hex against
    // 6), takes the only neighbour that is not dust, H0708, arriving in phase 2 (from a system to
    // empty space: 1 phase). S0101 jumps instead (the special rule), to the race's nearest colony
    // other than the battle's, H0710, in phase 2 (a jump takes one phase, 9.3.2).
    CHECK(g.turn(R"(
      local home = gm("1", "H0707")
      local _, theirs = ship(202)
      state.set("fleet", theirs.id, { hex = home })
      state.set_entry("empire", "2", "policy", "1", "enemy")
      local _, corvette = ship(102)
      galaxy.set_kind(gm("1", "H0703"), "empty")
      state.set("fleet", corvette.id, { hex = gm("1", "H0703") })
      state.set("ship", ship(100).id, { drive = "hyper" })
      state.set("ship", ship(101).id, { drive = "hyper", jump = "ultimate" })
      for _, n in ipairs(coords.neighbours(home)) do
        galaxy.set_kind(n, n == gm("1", "H0708") and "empty" or "dust")
      end
      local refuge = gm("1", "H0710")
      galaxy.set_kind(refuge, "system_b")
      local pid = new_planet(refuge, "terran", 80, "REFUGE")
      state.create("colony", { planet = pid, owner = "1", population = 20, starport = 5 })
      local t = run(quiet())
      local _, s0 = ship(100)
      local _, s1 = ship(101)
      return events(t, "1", true) .. "\n" .. table.concat({ shown("1", s0.hex), shown("1", s1.hex),
        orders_of(s0), orders_of(s1) }, " "))") ==
          "Phase 1:   Race 1 lost nothing\n"
          "Phase 1:   Race 2 lost nothing\n"
          "Phase 1:   Segment 1: S0100 Scout of race 1 fled\n"
          "Phase 1:   Segment 1: S0101 Scout of race 1 fled\n"
          "Phase 1: Battle at H0707 among races 1, 2: 1 segment\n"
          "Phase 1: S0100 Scout fled the battle at H0707\n"
          "Phase 1: S0101 Scout fled the battle at H0707\n"
          "Phase 2: S0100 moved to H0708\n"
          "Phase 2: S0101 jumped to H0710\n"
          "H0708 H0710 0 0");
}

TEST_CASE("2.3: default orders for a race whose orders are not in", "[cosmos]") {
    CosmosGame g;
    // Race 1 misses its orders. Its home colony (50 population, 80 room) would grow by 10 to
    // 60: room enough, no colony transports. Industries: 50 workers run 50, so 25 more, each
    // paying 2 i.p. a turn for 12 turns > 5 i.p. (counting the shortest game): 125 i.p., 5 left.
    // Bases as many as possible: 1 (5 i.p.), none left. Research centres up to half what the
    // best production feeds: 200 i.p. / 2 / 2 = 50, so 40 more, but no i.p. are left. Then the
    // turn's end: 60 population; 50 industries x 2 + 60 x 2 = 220 i.p.; 20 to the 10 centres:
    // 200 i.p. and 10 r.p. The race has missed one turn.
    CHECK(g.turn(R"(
      local sheets = quiet()
      sheets["1"] = nil
      run(sheets, { ["1"] = "missed" })
      local c = colony_of("1")
      local e = state.empire("1")
      return table.concat({ c.industries, c.bases, c.research, c.population, c.ip,
        e.research_points, e.missed_turns }, " "))") == "50 6 10 60 200 10 1");
}

TEST_CASE("1.1: the game ends after its hidden last turn with the final scores", "[cosmos]") {
    CosmosGame g;
    // With the last turn set to 1, the game ends after turn 1; every race has 110 points (the
    // quiet turn above), so all four share the win, and race 3's report gives the final scores.
    CHECK(g.turn(R"(
      state.set_game({ last_turn = 1 })
      local t = run(quiet())
      local gm = state.game()
      local ctx = { game = { name = "g", gm = "", gm_address = "" }, gm_messages = {},
        turn = 1, record = { notes = t.log, messages = {} } }
      local doc = import("report").empire(ctx, "3")
      local final = doc.sections[1].id .. ": " .. doc.sections[1].blocks[1].text
      return table.concat({ gm.ended_turn, gm.winner, gm.condition, final }, " | "))") ==
          "1 | 1, 2, 3, 4 | final scores | end: The game ended after turn 1. Final scores: 110, "
          "110, 110, 110. Yours: 110.");
}

TEST_CASE("a computer player explores, colonises and researches", "[cosmos]") {
    CosmosGame g;
    // Race 4 is a computer player (scenarios/cosmos_small.toml). In six turns it develops a
    // technology, explores systems beyond its home and founds colonies; the other races send
    // empty orders.
    for (int t = 1; t <= 6; ++t)
        REQUIRE(g.turn(R"(
          local sheets = quiet()
          sheets["4"] = nil
          run(sheets, { ["4"] = "computer" })
          return "ok")") == "ok");
    CHECK(g.eval(R"(
      local techs, colonies = 0, 0
      for _ in pairs(state.value("empire", "4", "techs")) do techs = techs + 1 end
      for _, id in ipairs(state.ids("colony")) do
        if state.colony(id).owner == "4" then colonies = colonies + 1 end
      end
      local explored = #state.value("chart", "4", "explored")
      return tostring(techs >= 1) .. " " .. tostring(explored >= 4) .. " " ..
        tostring(colonies >= 2))") == "true true true");
}
