// The COSMOS orders of sections 2.4, 9.4, 9.7.1, 9.9, 10.1, 14.1 and 18 in whole turns
// (rules/cosmos/turn.lua) on the small scenario's 4 races: aliases and counting aliases, waits,
// signals, passing orders, repeats, insert and embed, cloaking and cloaked battles, teaching,
// disclosure, gifts, messages and cargo per ship, each outcome worked out by hand in the comment
// above its check. Race 1's home is H0707 in its own coordinates; the hexes around it are made
// empty space where a move must take the standard 4 phases a hex (9.3).

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

// Lua that removes a race's ship by number, and its fleet if it was alone in it.
const char* kRemove = R"(
      local function remove(number)
        local s, f = ship(number)
        if f.flagship == s.id then state.set("fleet", f.id, { flagship = false }) end
        state.delete("ship", s.id)
        if #state.find("ship", "fleet", f.id) == 0 then state.delete("fleet", f.id) end
      end
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

TEST_CASE("18.2: alias, blocks headed by an alias, deleting one, an ally's alias",
          "[cosmos][orders]") {
    CosmosGame g;
    // Turn 1: race 1 makes $nostromo stand for its scout S0100 and race 2 $base for its corvette
    // S0202 (general orders, free). Race 1's corvette S0102 signals $2/base: races 1 and 2 do not
    // hold each other allied, so the alias stands for nothing and no unit is signalled (18.2).
    CHECK(g.turn(std::string(kHome) + R"(
      local sheets = quiet()
      sheets["1"].general = { { verb = "alias", args = { "S0100", "$nostromo" } } }
      sheets["2"].general = { { verb = "alias", args = { "S0202", "$base" } } }
      sheets["1"].units = { { kind = "fleet", flagship = 102, orders = {
        { verb = "signal", args = { "$2/base" } } } } }
      local t = run(sheets)
      return state.entry("empire", "1", "aliases", "nostromo") .. "\n" .. lines(t, "1", "$2/base"))") ==
          "S0100\n"
          "1: S0102: signal: $2/base: race 2 and you do not hold each other allied\n"
          "1: S0102: signal: no unit $2/base to signal");
    // Turn 2: the races hold each other allied. A block headed $nostromo gives S0100 a move to
    // H0706 (4 phases: it arrives in phase 4), though the same sheet deletes the alias: blocks
    // are read with the aliases of the end of last turn, general orders run after (20). S0102's
    // signal reaches S0202, which keeps it (18.3).
    CHECK(g.turn(R"(
      state.set_entry("empire", "1", "policy", "2", "ally")
      state.set_entry("empire", "2", "policy", "1", "ally")
      local sheets = quiet()
      sheets["1"].general = { { verb = "alias", args = { "-", "$nostromo" } } }
      sheets["1"].units = {
        { kind = "alias", alias = "$nostromo", orders = { { verb = "move", args = { 706 } } } },
        { kind = "fleet", flagship = 102, orders = { { verb = "signal", args = { "$2/base" } } } } }
      local t = run(sheets)
      local s0 = ship(100)
      local s2 = ship(202)
      return table.concat({ events(t, "1"), tostring(state.entry("empire", "1", "aliases",
        "nostromo")), table.concat(s2.signals or {}, ",") }, "\n"))") ==
          "Phase 4: S0100 moved to H0706\n"
          "nil\n"
          "S0102");
}

TEST_CASE("18.3: wait, time, signal, waitonesig and waitallsig with a known dead unit",
          "[cosmos][orders]") {
    CosmosGame g;
    // Race 1's corvette S0102 is gone: S0102 is in race 1's slot, at or below the last number
    // built (S0102), and no ship has it: known dead (18.3). The colony waits 3 phases (1-3),
    // signals the scouts S0100 and S0101 in phase 4 (no time), then waits until phase 6 of turn
    // 1 and constructs an industry then (5 i.p.). S0100 waits for one signal from the colony,
    // S0101 for signals from the colony and S0102: both wait out phases 1-3 and go on in phase 4
    // (colonies act before fleets, 20), the known dead S0102 not being waited for; each moves to
    // H0706, 4 phases: in phase 7. The signals they used are gone.
    CHECK(g.turn(std::string(kHome) + kRemove + R"(
      remove(102)
      local sheets = quiet()
      sheets["1"].units = {
        { kind = "colony", number = p.number, orders = { { verb = "wait", args = { 3 } },
          { verb = "signal", args = { "S0100", "S0101" } }, { verb = "time", args = { 1, 6 } },
          { verb = "construct", args = { "industries", 1 } } } },
        { kind = "fleet", flagship = 100, orders = { { verb = "waitonesig", args = { cid } },
          { verb = "move", args = { 706 } } } },
        { kind = "fleet", flagship = 101, orders = { { verb = "waitallsig", args = { cid,
          "S0102" } }, { verb = "move", args = { 706 } } } } }
      local t = run(sheets)
      local s0, s1 = ship(100), ship(101)
      return events(t, "1", true):gsub("C%d+", "C") .. "\n" .. #(s0.signals or {}) .. " " ..
        #(s1.signals or {}))") ==
          "Phase 6: C constructed 1 industry for 5 i.p.\n"
          "Phase 7: S0100 moved to H0706\n"
          "Phase 7: S0101 moved to H0706\n"
          "0 0");
}

TEST_CASE("18.3: waitforone and waitforall in the system and in the fleet", "[cosmos][orders]") {
    CosmosGame g;
    // The colony waits 2 phases and builds two scouts in phase 3: S0103, told to wait until
    // S0104 is in its fleet and then move to H0708, and S0104, told to join S0103. The scout
    // S0100 waits until it sees S0103 in its system, S0101 until S0103 and the known dead
    // S0102 (removed) are there: both go on in phase 3 and reach H0706 in phase 6. In phase 3
    // S0103's waitforall (priority 2) comes before S0104's join (4): it waits; in phase 4
    // S0104 is in its fleet and it moves, reaching H0708 in phase 7.
    CHECK(g.turn(std::string(kHome) + kRemove + R"(
      remove(102)
      local sheets = quiet()
      sheets["1"].units = {
        { kind = "colony", number = p.number, orders = { { verb = "wait", args = { 2 } },
          { verb = "build", args = { "scout" }, embedded = {
            { verb = "waitforall", args = { "fleet", "S0104" } },
            { verb = "move", args = { 708 } } } },
          { verb = "build", args = { "scout" }, embedded = {
            { verb = "join", args = { "S0103" } } } } } },
        { kind = "fleet", flagship = 100, orders = { { verb = "waitforone", args = { "system",
          "S0103" } }, { verb = "move", args = { 706 } } } },
        { kind = "fleet", flagship = 101, orders = { { verb = "waitforall", args = { "system",
          "S0103", "S0102" } }, { verb = "move", args = { 706 } } } } }
      local t = run(sheets)
      local s3, f3 = ship(103)
      local s4 = ship(104)
      return events(t, "1", true):gsub("C%d+", "C") .. "\n" .. tostring(s4.fleet == f3.id))") ==
          "Phase 3: C built S0103 Scout\n"
          "Phase 3: C built S0104 Scout\n"
          "Phase 6: S0100 moved to H0706\n"
          "Phase 6: S0101 moved to H0706\n"
          "Phase 7: S0103 moved to H0708\n"
          "true");
}

TEST_CASE("18.4: orders passed to units in the same hex; not by a scout's fleet",
          "[cosmos][orders]") {
    CosmosGame g;
    // The colony passes the scout S0101 a move to H0708 in phase 1 (colonies act first, 20);
    // S0101's own order, passing orders to S0102, is refused (its fleet is led by a scout,
    // 18.4) and takes no time, so its move begins in phase 1: H0708 in phase 4. The corvette
    // S0102 includes S0100 in its fleet and passes it a move to H0706: S0100 leaves the fleet
    // (9.2) and, having had no orders this phase, begins the move in phase 2: H0706 in phase 5.
    CHECK(g.turn(std::string(kHome) + R"(
      local sheets = quiet()
      sheets["1"].units = {
        { kind = "colony", number = p.number, orders = { { verb = "order", args = { "S0101" },
          embedded = { { verb = "move", args = { 708 } } } } } },
        { kind = "fleet", flagship = 101, orders = { { verb = "order", args = { "S0102" },
          embedded = { { verb = "move", args = { 706 } } } } } },
        { kind = "fleet", flagship = 102, orders = { { verb = "include", args = { "S0100" } },
          { verb = "order", args = { "S0100" }, embedded = { { verb = "move", args = { 706 } } } } } } }
      local t = run(sheets)
      local s0, f0 = ship(100)
      local _, f2 = ship(102)
      return events(t, "1", true):gsub("C%d+", "C") .. "\n" .. tostring(f0.id ~= f2.id))") ==
          "Phase 1: C passed 1 order to S0101\n"
          "Phase 1: S0101: order S0102 refused: a fleet led by a scout or explorer cannot pass "
          "orders\n"
          "Phase 1: S0102 passed 1 order to S0100\n"
          "Phase 4: S0101 moved to H0708\n"
          "Phase 5: S0100 moved to H0706\n"
          "true");
}

TEST_CASE("18.5, 22.13: repeat for ever waits a phase between rounds; repeat 2 of moves",
          "[cosmos][orders]") {
    CosmosGame g;
    // The colony repeats for ever the construction of 1 industry: each round takes no time, so
    // a phase passes between rounds (18.5): 12 industries in the turn, one a phase, at 5 i.p.
    // each: 25 + 12 = 37 industries and 130 - 60 = 70 i.p. Production (8.4): the population
    // grows to 60, which runs all 37 industries: 37 x 2 + 60 x 2 = 194 i.p., less 20 for the 10
    // research centres: 70 + 194 - 20 = 244. The repeat stays queued. The corvette S0102 repeats
    // twice a move to H0706 and back to H0707, 4 phases each: H0706 in phase 4, H0707 in 8,
    // H0706 in 12; the last move is under way at the end of the turn and is its only order
    // left. 2.1: the colony's repeat and construct are its free orders; the corvette's repeat
    // and two moves count: 3.
    CHECK(g.turn(std::string(kHome) + R"(
      local sheets = quiet()
      sheets["1"].units = {
        { kind = "colony", number = p.number, orders = { { verb = "repeat", args = {},
          embedded = { { verb = "construct", args = { "industries", 1 } } } } } },
        { kind = "fleet", flagship = 102, orders = { { verb = "repeat", args = { 2 },
          embedded = { { verb = "move", args = { 706 } }, { verb = "move", args = { 707 } } } } } } }
      local t = run(sheets)
      local built = 0
      for _, n in ipairs(t.log) do
        if n.empire == "1" and n.phase == "event" and n.text:find("constructed 1 industry", 1,
          true) then built = built + 1 end
      end
      local c2 = state.colony(c.id)
      local _, f = ship(102)
      local left = state.get("queued", state.find("queued", "fleet", f.id)[1])
      return table.concat({ built, c2.industries, c2.ip, #state.find("queued", "colony", c.id),
        state.empire("1").orders_counted }, " ") .. "\n" .. lines(t, "1", "S0102 moved") ..
        "\n" .. left.verb .. " " .. table.concat(left.args, " ") .. " " ..
        #state.find("queued", "fleet", f.id))") ==
          "12 37 244 1 3\n"
          "4: S0102 moved to H0706\n"
          "8: S0102 moved to H0707\n"
          "12: S0102 moved to H0706\n"
          "move H0707 1");
}

TEST_CASE("18.1: insert after a begun order, embed into a build, embed into an order without any",
          "[cosmos][orders]") {
    CosmosGame g;
    // Turn 1: the scout S0100 waits 20 phases, then is to move to H0706; the colony waits 13
    // phases, then builds a corvette. Both waits carry over, begun.
    CHECK(g.turn(std::string(kHome) + R"(
      local sheets = quiet()
      sheets["1"].units = {
        { kind = "fleet", flagship = 100, orders = { { verb = "wait", args = { 20 } },
          { verb = "move", args = { 706 } } } },
        { kind = "colony", number = p.number, orders = { { verb = "wait", args = { 13 } },
          { verb = "build", args = { "corvette" } } } } }
      run(sheets)
      local _, f = ship(100)
      return #state.find("queued", "fleet", f.id) .. " " .. #state.find("queued", "colony", c.id))") ==
          "2 2");
    // Turn 2: "insert 0" cannot go before the begun wait: the explore goes after it (18.1).
    // "embed 1" names the wait, which holds no orders: refused with a line. The colony's
    // "embed -1" adds a move to H0706 to its build, its last order. The colony's wait ends in
    // phase 1 (13 phases), it builds the corvette S0103 in phase 2, which moves at once and
    // reaches H0706 in phase 5. The scout's wait ends in phase 8 (20), it explores its home
    // system in phase 9 and begins its move in phase 10: 3 of the 4 phases by the end of the
    // turn, so the move carries over, arriving in the next turn's phase 1 (begun-1).
    CHECK(g.turn(R"(
      local c, p = colony_of("1")
      local sheets = quiet()
      sheets["1"].units = {
        { kind = "fleet", flagship = 100, orders = {
          { verb = "insert", args = { 0 }, embedded = { { verb = "explore", args = {} } } },
          { verb = "embed", args = { 1 }, embedded = { { verb = "move", args = { 708 } } } } } },
        { kind = "colony", number = p.number, orders = {
          { verb = "embed", args = { -1 }, embedded = { { verb = "move", args = { 706 } } } } } } }
      local t = run(sheets)
      local _, f = ship(100)
      local q = state.get("queued", state.find("queued", "fleet", f.id)[1])
      return events(t, "1", true):gsub("C%d+", "C") .. "\n" .. lines(t, "1", "embed") .. "\n" ..
        #state.find("queued", "fleet", f.id) .. " " .. q.verb .. " " .. q.begun)") ==
          "Phase 2: C built S0103 Corvette\n"
          "Phase 5: S0103 moved to H0706\n"
          "Phase 9: S0100 explored H0707: 1 planet\n"
          "0: S0100: embed: order 1 (wait) holds no orders\n"
          "1 move 1");
}

TEST_CASE("9.4: cloak, sneak at half speed, refused without devices, uncloaked by a move",
          "[cosmos][orders]") {
    CosmosGame g;
    // Race 1 has developed Cloaking and its corvette S0102 has a cloaking device; its scouts
    // have none. S0102 cloaks (no time) and sneaks to H0706: cloaked, it takes twice the 4
    // phases a hex (9.3, 9.4): H0706 in phase 8, still cloaked. S0100's sneak and S0101's cloak
    // are refused (no time): the scouts have no device.
    CHECK(g.turn(std::string(kHome) + R"(
      state.set_entry("empire", "1", "techs", "CK", 0)
      state.set("ship", ship(102).id, { cloak = true })
      local sheets = quiet()
      sheets["1"].units = {
        { kind = "fleet", flagship = 102, orders = { { verb = "cloak", args = {} },
          { verb = "sneak", args = { 706 } } } },
        { kind = "fleet", flagship = 100, orders = { { verb = "sneak", args = { 706 } } } },
        { kind = "fleet", flagship = 101, orders = { { verb = "cloak", args = {} } } } }
      local t = run(sheets)
      return events(t, "1", true) .. "\n" .. tostring(ship(102).cloaked))") ==
          "Phase 1: S0100: sneak refused: not every ship of the fleet has a cloaking device\n"
          "Phase 1: S0101: cloak refused: no ship of the fleet has a cloaking device\n"
          "Phase 1: S0102 cloaked: 1 ship\n"
          "Phase 8: S0102 moved to H0706\n"
          "true");
    // Turn 2: a move uncloaks the fleet as it begins (9.4): back home in 4 phases.
    CHECK(g.turn(R"(
      local sheets = quiet()
      sheets["1"].units = { { kind = "fleet", flagship = 102, orders = {
        { verb = "move", args = { 707 } } } } }
      local t = run(sheets)
      return events(t, "1") .. "\n" .. tostring(ship(102).cloaked))") ==
          "Phase 1: S0102 uncloaked to move\n"
          "Phase 4: S0102 moved to H0707\n"
          "false");
    // Turn 3: farsneak cloaks the fleet as it begins: H0706 in phase 8 again; the uncloak after
    // it (no time) comes in phase 9, the move having taken phase 8.
    CHECK(g.turn(R"(
      local sheets = quiet()
      sheets["1"].units = { { kind = "fleet", flagship = 102, orders = {
        { verb = "farsneak", args = { 706 } }, { verb = "uncloak", args = {} } } } }
      local t = run(sheets)
      return events(t, "1") .. "\n" .. tostring(ship(102).cloaked))") ==
          "Phase 1: S0102 cloaked to farsneak\n"
          "Phase 8: S0102 moved to H0706\n"
          "Phase 9: S0102 uncloaked: 1 ship\n"
          "false");
}

TEST_CASE("9.4, Table 3: a cloaked ship attacks unseen; an unprepared race does not fire",
          "[cosmos][orders]") {
    // Race 2's corvette S0202, cloaked, is put in race 1's home system, where race 1 has only its
    // corvette S0102 (its scouts are sent to H0704). Each race holds the other an enemy.
    const std::string setup = std::string(kHome) + R"(
      for _, n in ipairs({ 100, 101 }) do state.set("fleet", select(2, ship(n)).id, { hex = gm("1", "H0704") }) end
      state.set("fleet", select(2, ship(202)).id, { hex = home })
      state.set("ship", ship(202).id, { cloak = true, cloaked = true })
      state.set_entry("empire", "1", "policy", "2", "enemy")
      state.set_entry("empire", "2", "policy", "1", "enemy")
    )";
    SECTION("race 1 sees an enemy ship: the cloaked column") {
        CosmosGame g;
        // Race 2's scout S0200 is there too, seen: race 1 is prepared (9.4). S0202, cloaked, acts
        // last in the first segment (half speed: 1/8 against 1/4, 9.5) and fires its 2 lasers at
        // S0102, which does not see it: Table 3's cloaked column, 1.10 a shot at armour 2
        // unshielded, times 0.5 to 1.5: 1.1 to 3.3 in all, so 1 to 3 damage of S0102's 5.
        CHECK(g.turn(setup + R"(
          state.set("fleet", select(2, ship(200)).id, { hex = home })
          local t = run(quiet())
          local line = lines(t, "2", "Segment 1: S0202")
          return tostring(line:match("^1:   Segment 1: S0202 Corvette of race 2 fired 2 lasers " ..
            "at S0102 Corvette of race 1, unseen: [123] damage, [234] d.p. left$") ~= nil))") ==
              "true");
    }
    SECTION("race 1 sees no enemy: unprepared, the surprise column, no fire in segment 1") {
        CosmosGame g;
        // Race 1 sees no enemy ship: unprepared, its corvette does not fire in the first segment,
        // and S0202's attack uses the surprise column (9.4, Table 3 note 2).
        CHECK(g.turn(setup + R"(
          local t = run(quiet())
          local first = lines(t, "1", "Segment 1:")
          return tostring(first:match("^1:   Segment 1: S0202 Corvette of race 2 fired 2 lasers " ..
            "at S0102 Corvette of race 1, unseen and unexpected: [1-5] damage") ~= nil) .. " " ..
            tostring(first:find("S0102 Corvette of race 1 fired", 1, true) == nil))") ==
              "true true");
    }
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

TEST_CASE("10.1, 9.9: disclosing planets to an ally; gifts of a ship, not of a peopled colony",
          "[cosmos][orders]") {
    CosmosGame g;
    // Race 1's home colony discloses its planets to race 2's colony in its system (10.1): race
    // 2 learns every hex race 1 mapped and every system it explored (race 1's home among them),
    // with race 1's home planet, shown as race 1's colony (the colony disclosing shows itself).
    // Then it gives the scout S0100 to race 2 (9.9): the scout leaves race 1 with no orders; and
    // tries to give itself away: refused, it has population.
    CHECK(g.turn(std::string(kHome) + kEmbassy + R"(
      local sheets = quiet()
      sheets["1"].units = { { kind = "colony", number = p.number, orders = {
        { verb = "disclose", args = { eid, "planets" } },
        { verb = "gift", args = { "S0100", eid } },
        { verb = "gift", args = { cid, eid } } } } }
      local t = run(sheets)
      local c1, c2 = state.chart("1"), state.chart("2")
      local has = {}
      for _, h in ipairs(c2.mapped) do has[h] = true end
      local all = true
      for _, h in ipairs(c1.mapped) do all = all and has[h] == true end
      local explored = false
      for _, h in ipairs(c2.explored) do explored = explored or h == home end
      local s0, f0 = ship(100)
      return table.concat({ tostring(all), tostring(explored), s0.owner, f0.owner,
        #state.find("queued", "fleet", f0.id) }, " ") .. "\n" ..
        lines(t, "1", "gift"):gsub("C%d+", "C") .. "\n" .. lines(t, "2", "gave"))") ==
          "true true 2 2 0\n"
          "1: C: gift C refused: only a colony without population can be given away\n"
          "1: Race 1 gave you S0100 Scout (9.9)");
}

TEST_CASE("2.4: diplomatic messages to all and to one race", "[cosmos][orders]") {
    CosmosGame g;
    // Race 1 sends one message to every race and one to race 2: both go to the turn's record,
    // from race 1; a message is not an order and costs nothing (2.1).
    CHECK(g.turn(R"(
      local sheets = quiet()
      sheets["1"].messages = { { to = "ALL", text = "Greetings" }, { to = "2", text = "Psst" } }
      local t = run(sheets)
      local out = {}
      for _, m in ipairs(t.messages) do out[#out + 1] = m.from .. ">" .. m.to .. ": " .. m.text end
      return table.concat(out, "\n") .. "\n" .. state.empire("1").orders_given)") ==
          "1>ALL: Greetings\n1>2: Psst\n0");
}

TEST_CASE("9.7.1, 10.2: cargo per ship; loads, colonizes and unloads refused with the reason",
          "[cosmos][orders]") {
    CosmosGame g;
    // Race 1's small freighter S0103 (room 5) includes its large freighter S0104 (room 40) and
    // loads from the home colony 30 i.p. onto S0104 and any 10 more: the fleet's ships in order,
    // flagship first: 5 onto S0103, then 5 onto S0104 (9.7.1): 5 and 35, 40 i.p. off the
    // colony's 130, in phase 1. The corvette S0102 loads and colonizes: refused (no freighter,
    // no colony ship), no time. The small freighter S0105, carrying 5 i.p., unloads at race 2's
    // colony in the system: race 1 holds race 2 allied, race 2 does not hold race 1 so: refused.
    CHECK(g.turn(std::string(kHome) + R"(
      state.set_entry("empire", "1", "policy", "2", "ally")
      local epid, enumber = new_planet(home, "subterran", 50, "EMBASSY")
      state.create("colony", { planet = epid, owner = "2", population = 10, starport = 5 })
      local eid = string.format("C%03d", enumber)
      add_ship("1", "small_freighter", home)
      add_ship("1", "large_freighter", home)
      add_ship("1", "small_freighter", home, { cargo = 5 })
      local sheets = quiet()
      sheets["1"].units = {
        { kind = "fleet", flagship = 103, orders = { { verb = "include", args = { "S0104" } },
          { verb = "load", args = { cid, "S0104", 30, "i.p.", "and", "any", 10 } } } },
        { kind = "fleet", flagship = 102, orders = { { verb = "load", args = {} },
          { verb = "colonize", args = {} } } },
        { kind = "fleet", flagship = 105, orders = { { verb = "unload", args = { eid } } } } }
      local t = run(sheets)
      return table.concat({ ship(103).cargo, ship(104).cargo, ship(105).cargo }, " ") .. "\n" ..
        events(t, "1", true):gsub("C%d+", "C"))") ==
          "5 35 5\n"
          "Phase 1: S0102: colonize refused: the fleet has no colony transport or exodus ship\n"
          "Phase 1: S0102: load refused: no ship of the fleet carries i.p. (freighters do, 9.7)\n"
          "Phase 1: S0103 Small Freighter loaded 5 i.p. from C\n"
          "Phase 1: S0104 Large Freighter loaded 30 i.p. from C\n"
          "Phase 1: S0104 Large Freighter loaded 5 i.p. from C\n"
          "Phase 1: S0105: unload refused: C is a colony of race 2, which does not hold you "
          "allied");
}
