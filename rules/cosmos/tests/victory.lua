-- Victory points and growth (seed 004, 1.1, 7.1, 8.5), worked out by hand from the rulebook.
-- Run with `hyperlane rules test cosmos` (docs/rule-tests.md "Lua unit tests").

local T = import("engine/test")
local victory = import("lib/victory")
local pop = import("lib/population")

local tests = {}

-- 1.1's example: three colonies on terran planets with 103 population units, none happy, are
-- worth 3 x 50 + 103 = 253 points.
tests["1.1: three terran colonies and 103 population make 253 points"] = function()
  T.eq(victory.points({ { kind = "terran", population = 40 },
    { kind = "terran", population = 33 }, { kind = "terran", population = 30 } }), 253)
end

-- 1.1: a happy unit is worth one more point; an empty colony is worth nothing (8.6).
tests["1.1: happy population counts twice, empty colonies not at all"] = function()
  T.eq(victory.points({ { kind = "terran", population = 10, happy = true } }), 50 + 10 + 10)
  T.eq(victory.points({ { kind = "terran", population = 0 } }), 0)
end

-- 7.1 and 8.5: the home colony of 50 on a terran planet grows 20%, exactly 10 units: 60.
tests["7.1, 8.5: a terran colony of 50 grows to 60"] = function()
  local r = pop.grow({ population = 50 }, { kind = "terran", size = 80 }, {})
  T.eq({ r.population, r.grown, r.capped }, { 60, 10, false })
end

return tests
