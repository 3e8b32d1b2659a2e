-- The team game (seed 004, 21): team scores and who are team mates, worked out by hand from the
-- rulebook. Run with `hyperlane rules test cosmos` (docs/rule-tests.md "Lua unit tests").

local T = import("engine/test")
local teams = import("lib/teams")

local tests = { scenario = "team_setup.toml", seed = 3 }

-- 21.3's example: 700, 600, 500 and 400 make 600/2 + 500 + 400/2 = 1000, in any order; the
-- halves round down at the end: 9, 7, 5, 3 make 7/2 + 5 + 3/2 = 10.
tests["21.3: a team's score"] = function()
  T.eq({ teams.score({ 400, 700, 500, 600 }), teams.score({ 9, 7, 5, 3 }) }, { 1000, 10 })
end

-- 21.1: races of one team (above 0) are mates; a race is not its own mate; team 0 is no team.
tests["21.1: team mates"] = function()
  local w = { races = { ["1"] = { team = 1 }, ["2"] = { team = 1 }, ["3"] = { team = 2 },
    ["4"] = { team = 0 }, ["5"] = { team = 0 } } }
  T.eq({ teams.mates(w, "1", "2"), teams.mates(w, "1", "3"), teams.mates(w, "1", "1"),
    teams.mates(w, "4", "5"), teams.active(w) }, { true, false, false, false, true })
end

-- 21.2: no xenophobes, single or double, in a team game; other types are fine.
tests["21.2: no xenophobes in a team game"] = function()
  T.eq({ teams.type_refusal("warlord xenophobe"), teams.type_refusal("double xenophobe"),
    teams.type_refusal("double warlord") }, { "a team game has no xenophobes (21.2)",
    "a team game has no xenophobes (21.2)", nil })
end

-- 21.1 at the set-up: every race's coordinates centre on the home of its team's first race,
-- every race has a team mate on a neighbouring home (the homes' lattice is map.home_spacing
-- apart, 6.5), and every race's map holds every team mate's home system.
tests["21.1: team mates start together, with shared coordinates and maps"] = function()
  local w = import("lib/world").load()
  local first = { [1] = w.races["1"].home, [2] = w.races["5"].home }
  for _, code in ipairs(w.order) do
    local r = w.races[code]
    T.eq(r.centre, first[r.team], "race " .. code .. "'s centre")
    local nearest
    for _, other in ipairs(w.order) do
      if teams.mates(w, code, other) then
        local d = galaxy.distance(r.home, w.races[other].home)
        nearest = math.min(nearest or d, d)
        T.eq(w.charts[code].mapped[w.races[other].home], true,
          "race " .. other .. "'s home on race " .. code .. "'s map")
      end
    end
    T.eq(nearest, rules.const.map.home_spacing, "race " .. code .. "'s nearest team mate")
  end
end

-- 21.1: seating teams on the starts drawn. Four starts on row 1 of the 28 x 28 map, drawn in
-- the order A H0101, B H1501, C H0801, D H2201: C is 7 hexes from A, B 14. Team 1 (races 1, 2):
-- race 1 takes the first free start, A; race 2 the free start nearest A: C (7; D, 7 the other
-- way round the map, comes later). Team 2 (races 3, 4): race 3 the first free start, B; race 4
-- the last, D. Without teams the starts stay as drawn.
tests["21.1: team mates are seated near each other"] = function()
  local A, B, C, D = 101, 1501, 801, 2201
  local starts = { { hex = A }, { hex = B }, { hex = C }, { hex = D } }
  local w = { order = { "1", "2", "3", "4" }, races = { ["1"] = { team = 1 },
    ["2"] = { team = 1 }, ["3"] = { team = 2 }, ["4"] = { team = 2 } } }
  local function hexes(list)
    local out = {}
    for i, s in ipairs(list) do out[i] = s.hex end
    return out
  end
  T.eq(galaxy.distance(A, C), 7)
  T.eq(galaxy.distance(A, B), 14)
  T.eq(hexes(teams.seat(w, w.order, starts)), { A, C, B, D })
  for _, code in ipairs(w.order) do w.races[code].team = 0 end
  T.eq(hexes(teams.seat(w, w.order, starts)), { A, B, C, D })
end

return tests
