-- Race types (seed 004, 16): reading the type order, how many times a race has a basic type and
-- the technology discounts, worked out by hand from the rulebook. Run with `hyperlane rules
-- test cosmos` (docs/rule-tests.md "Lua unit tests").

local T = import("engine/test")
local RT = import("lib/race_types")
local techs = import("lib/techs")

local tests = {}

-- 16: two basic types (kept in the rulebook's order) or double and one; xenophobe never with
-- diplomat or slaver; the same type twice is written double.
tests["16: type orders read as the rulebook allows"] = function()
  T.eq(RT.read("traveller", "administrator"), "administrator traveller")
  T.eq(RT.read("Double", "Traveller"), "double traveller")
  T.eq(RT.read("xenophobe", "warlord"), "warlord xenophobe")
  T.eq(select(2, RT.read("xenophobe", "slaver")), "xenophobe may not be combined with slaver (16)")
  T.eq(select(2, RT.read("diplomat", "xenophobe")), "xenophobe may not be combined with diplomat (16)")
  T.eq(select(2, RT.read("warlord", "warlord")), "a type twice is written double warlord (16)")
  T.eq(RT.read("industrialist"), nil)
  T.eq(RT.read("double", "double"), nil)
end

-- 16.x.1: a double type counts its basic type twice; a mixed one each of its two once.
tests["16: a double type counts twice"] = function()
  T.eq({ RT.count("double industrialist", "industrialist"), RT.count("industrialist traveller",
    "traveller"), RT.count("industrialist traveller", "warlord"), RT.count("none", "warlord"),
    RT.count("standard", "industrialist") }, { 2, 1, 0, 0, 0 })
end

-- 16: the type of a race after turn 1's orders: the first good one, else the fallback (double
-- industrialist); later turns and chosen types stay.
tests["16: the first good type order, or double industrialist"] = function()
  T.eq(RT.after("standard", { { "warlord", "warlord" }, { "survivor", "diplomat" } }, 1),
    "survivor diplomat")
  T.eq(RT.after("standard", {}, 1), "double industrialist")
  T.eq(RT.after("standard", { { "double", "slaver" } }, 2), "standard")
  T.eq(RT.after("none", {}, 1), "none")
end

-- 16.1, 16.1.1, 16.3, 16.6, 16.7: Robotic Industry (50 r.p.) costs an industrialist 45, a
-- double industrialist 40; Artificial Intelligence (400) a double industrialist 340;
-- Terraforming I (250) an administrator 225 (16.3's "saving 25"); the Jump Drive a double
-- traveller 40 less; Robotic Army a warlord 25 less; a race of no type pays the table's cost.
tests["16: the race types' technology discounts"] = function()
  T.eq({ techs.cost({}, "RI", 2, nil, "industrialist traveller"),
    techs.cost({}, "RI", 2, nil, "double industrialist"),
    techs.cost({}, "AI", 2, nil, "double industrialist"),
    techs.cost({}, "TA", 2, nil, "administrator warlord"),
    techs.cost({}, "JD", 2, nil, "double traveller") - techs.cost({}, "JD", 2),
    techs.cost({}, "RA", 2, nil, "survivor warlord") - techs.cost({}, "RA", 2),
    techs.cost({}, "RI", 2, nil, "none") }, { 45, 40, 340, 225, -40, -25, 50 })
end

-- 14.1 after 16: the teaching discount is taken from the cost the race type already cut:
-- Robotic Industry taught to a double industrialist costs 40 less 20% (8): 32.
tests["14.1, 16: teaching discounts the type's cost"] = function()
  T.eq(techs.cost({}, "RI", 3, { RI = 2 }, "double industrialist"), 32)
end

-- 14, 16.1.1: research pays the type's cost: 40 r.p. develop Robotic Industry for a double
-- industrialist (50 less twice 5), while a race of no type puts them in and waits.
tests["14, 16.1.1: research develops at the discounted cost"] = function()
  local research = import("lib/research")
  local double = research.spend({ techs = {}, paid = {}, points = 40,
    race_type = "double industrialist" }, { { tech = "RI" } }, 1)
  local none = research.spend({ techs = {}, paid = {}, points = 40 }, { { tech = "RI" } }, 1)
  T.eq({ double.techs.RI, double.used, none.techs.RI, none.paid.RI }, { 1, 40, nil, 40 })
end

-- 16.3, 16.3.1: an administrator has 25 administration points, 35 with Superlogistics; a double
-- administrator one more per colony; other types 20.
tests["16.3, 16.3.1: the administrators' limits"] = function()
  local admin = import("lib/admin")
  T.eq({ admin.limit({}, "administrator traveller", 3), admin.limit({ SU = 2 },
    "researcher administrator", 3), admin.limit({}, "double administrator", 3),
    admin.limit({}, "double traveller", 3) }, { 25, 35, 28, 20 })
end

-- 15.1, 16.2, 16.2.1: 10 r.p. overtime cost 40 i.p., a researcher 36, a double researcher 32;
-- 3 r.p. cost a researcher 12 less 1.2 rounded down: 11.
tests["15.1, 16.2: the researchers' overtime discount"] = function()
  local overtime = import("lib/overtime")
  T.eq({ overtime.rp_cost(10), overtime.rp_cost(10, "researcher warlord"),
    overtime.rp_cost(10, "double researcher"), overtime.rp_cost(3, "researcher slaver") },
    { 40, 36, 32, 11 })
end

-- 15.2, 16.3: the base cost's minimum of 10 comes before the administrator's discount: 9.
tests["15.2, 16.3: the discount applies after the minimum"] = function()
  local overtime = import("lib/overtime")
  T.eq({ overtime.admin_base(100, 100, {}), overtime.admin_base(100, 100, {},
    "administrator traveller") }, { 10, 9 })
end

-- 16.5, 16.5.1's examples: a size 80 home planet holds 88 (99 with Hydroponics) for a
-- megaworlder, 96 (108) for a double one; a size 20 barren planet 22 (28) and 24 (30).
tests["16.5, 16.5.1: the megaworlders' examples"] = function()
  local pop = import("lib/population")
  local hy = { HY = 1 }
  T.eq({ pop.limit("terran", 80, {}, "megaworlder warlord"), pop.limit("terran", 80, hy,
    "megaworlder warlord"), pop.limit("barren", 20, {}, "megaworlder warlord"),
    pop.limit("barren", 20, hy, "megaworlder warlord") }, { 88, 99, 22, 28 })
  T.eq({ pop.limit("terran", 80, {}, "double megaworlder"), pop.limit("terran", 80, hy,
    "double megaworlder"), pop.limit("barren", 20, {}, "double megaworlder"),
    pop.limit("barren", 20, hy, "double megaworlder"), pop.limit("terran", 80, {}) },
    { 96, 108, 24, 30, 80 })
end

-- 16.4: a survivor's colonies grow 1 unit per 10 on barren and minimal terran planets and 1 per
-- 7 on sub-terran ones (whole numbers here: no draw); terran planets as for everyone (20%).
tests["16.4: survivors grow on poor planets"] = function()
  local pop = import("lib/population")
  local function grown(kind, n, race_type)
    return pop.grow({ population = n }, { kind = kind, size = 100 }, {}, race_type).population
  end
  T.eq({ grown("barren", 30, "survivor warlord"), grown("minimal", 40, "double survivor"),
    grown("subterran", 49, "survivor traveller"), grown("terran", 50, "survivor traveller"),
    grown("barren", 30), grown("subterran", 50) }, { 33, 44, 56, 60, 30, 55 })
end

-- 16.4: Cloning (Table 6, open once General Science I is known) is not open to a survivor.
tests["16.4: a survivor cannot research Cloning"] = function()
  local known = { GS = 1 }
  T.eq({ techs.researchable(known, "CL", 5, nil, "survivor warlord"),
    techs.researchable(known, "CL", 5), techs.researchable(known, "CL", 5, nil,
    "megaworlder warlord") }, { false, true, true })
end

-- 17: a double diplomat starts with three ambassador ships; a warlord diplomat with a frigate
-- and two ambassador ships; a double industrialist with the set-up's ships.
tests["17: the set-up ships a type replaces"] = function()
  T.eq({ RT.start_ships("double diplomat"), RT.start_ships("warlord diplomat"),
    RT.start_ships("double industrialist") }, { { scout = "ambassador_ship",
    corvette = "ambassador_ship" }, { scout = "ambassador_ship", corvette = "frigate" }, {} })
end

-- 16.6, 16.6.1: a traveller's command range is 7 hexes, a double traveller's too (only its
-- research discounts double); others 5. Its new colonies get a starport of 10, others 5.
tests["16.6: the travellers' command range and new starports"] = function()
  local range = import("lib/range")
  local salvage = import("lib/salvage")
  T.eq({ range.command_range("traveller warlord"), range.command_range("double traveller"),
    range.command_range("double industrialist"), salvage.founding(nil, "1",
    "traveller warlord").starport, salvage.founding(nil, "1", "double traveller").starport,
    salvage.founding(nil, "1", "none").starport }, { 7, 7, 5, 10, 10, 5 })
end

-- 16.4.1: a double survivor's barren and minimal terran colonies score 10 points each (others'
-- nothing), besides their population; 16.6.1: a double traveller's 6 colonists in a colony
-- transport score as happy population, 12 points; a stasis transport's, or a single
-- traveller's, none.
tests["16.4.1, 16.6.1: the double survivors' and travellers' victory points"] = function()
  local victory = import("lib/victory")
  local colonies = { { kind = "barren", population = 5 }, { kind = "minimal", population = 5 } }
  local ships = { { type = "colony_transport", population = 6 },
    { type = "stasis_transport", population = 10 } }
  T.eq({ victory.points(colonies, "double survivor"), victory.points(colonies, "survivor warlord"),
    victory.ship_points(ships, "double traveller"), victory.ship_points(ships,
    "traveller warlord") }, { 30, 10, 12, 0 })
end

-- 16.8.1: double diplomats and the primitives (nil) are not enemies, either way; the
-- primitives are every other race's enemy (4.1), a single diplomat's too.
tests["16.8.1: double diplomats and the primitives are at peace"] = function()
  local U = import("lib/units")
  local w = { races = { ["1"] = { race_type = "double diplomat", policy = {} },
    ["2"] = { race_type = "survivor diplomat", policy = {} } } }
  T.eq({ U.enemy(w, nil, "1"), U.enemy(w, "1", nil), U.enemy(w, nil, "2"), U.enemy(w, "2", nil) },
    { false, false, true, true })
end

-- 16.8: the teaching share a race gets and bestows: 30 for a diplomat, single or double, else
-- the 20 of 14.1.
tests["16.8: a diplomat's teaching share"] = function()
  T.eq({ RT.teach_percent("survivor diplomat"), RT.teach_percent("double diplomat"),
    RT.teach_percent("double industrialist"), RT.teach_percent("none") }, { 30, 30, 20, 20 })
end

-- 16.8, 16.8.1: a diplomat's points for one turn's allies: a single one 2 a race of no diplomat
-- type, 1 a single diplomat, 0 a double; a double one 3, 1, 0; nothing for other types.
tests["16.8: a diplomat's points for its allies"] = function()
  local victory = import("lib/victory")
  local allies = { "none", "industrialist warlord", "survivor diplomat", "double diplomat" }
  T.eq({ victory.ally_points("survivor diplomat", allies),
    victory.ally_points("double diplomat", allies), victory.ally_points("double warlord", allies) },
    { 2 + 2 + 1 + 0, 3 + 3 + 1 + 0, 0 })
end

-- 16.10, 16.10.1: a xenophobe's points for alien population destroyed: 1 per 4 units, 1 per 3
-- for a double xenophobe, rounded down; only other player races' population counts (not the
-- primitives', nil, nor its own), and only for a xenophobe.
tests["16.10: a xenophobe's points for alien population destroyed"] = function()
  local victory = import("lib/victory")
  T.eq({ victory.alien_points("warlord xenophobe", 11), victory.alien_points("double xenophobe",
    11), victory.alien_points("double warlord", 11) }, { 2, 3, 0 })
  local w = { races = { ["1"] = { race_type = "warlord xenophobe" },
    ["2"] = { race_type = "none" } } }
  victory.destroyed(w, "1", "2", 6)
  victory.destroyed(w, "1", nil, 20)
  victory.destroyed(w, "1", "1", 5)
  victory.destroyed(w, "2", "1", 7)
  T.eq({ w.races["1"].aliens_destroyed, w.races["2"].aliens_destroyed }, { 6, nil })
end

return tests
