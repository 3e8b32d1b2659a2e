// Whole COSMOS turns (rules/cosmos/turn.lua) on the small scenario's 4 races, where a check
// needs Lua: the set-up, the defences' shots left for a second fleet, bases built in the phase
// they would fire, exploration hazard lines over many draws, a refused order that has no sheet
// line and a computer player, each outcome worked out by hand from seed 004 in the comment
// above its check. Orders are given as the turnsheet grammar reads them ({general, units}); the
// races take them in turn 1. The other turn tests (orders, moves, battles, the end of the game)
// are rule tests as data in rules/cosmos/tests/ (docs/rule-tests.md).

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

TEST_CASE(
    "11.2: the first fleet to attack destroyed with shots to spare: the rest fire at the next",
    "[cosmos]") {
    // Race 2's two fleets bomb race 1's home colony (50 population) for one phase each in phase
    // 1. The fleet with the Relativity Drive acts first (3 phases a hex against 4: faster, 20).
    // (rules/cosmos/tests/defenders_fire_at_first_fleet: a first fleet that survives leaves
    // nothing for the second.)
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

TEST_CASE("3, 8.2: an order with no sheet line that is refused leaves no line", "[cosmos]") {
    CosmosGame g;
    // Shields need Planet Shield, which race 1 lacks: none are built. The order written on the
    // sheet (line 5) says so and why; the same order with no sheet line (as the default orders
    // of 2.3 are) leaves no line at all. (rules/cosmos/tests/event_line_nouns: the other event
    // lines of constructs and research.)
    CHECK(g.turn(R"(
      local _, p = colony_of("1")
      local sheets = quiet()
      sheets["1"].units = { { kind = "colony", number = p.number, orders = {
        { verb = "construct", args = { "shields", 1 }, line = 5 },
        { verb = "construct", args = { "shields", 1 } } } } }
      local t = run(sheets)
      local out = {}
      for _, n in ipairs(t.log) do
        if n.empire == "1" and n.phase == "event" and n.text:find("construct", 1, true) then
          out[#out + 1] = (n.text:gsub("C%d+", "C"))
        end
      end
      return table.concat(out, "\n"))") == "C: construct shields: none built: needs Planet Shield");
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
