-- The team game (seed 004, 21): team scores and who are team mates, worked out by hand from the
-- rulebook. Run with `hyperlane rules test cosmos` (docs/rule-tests.md "Lua unit tests").

local T = import("engine/test")
local teams = import("lib/teams")

local tests = {}

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

return tests
