-- Tech costs, rules 7.3 and 7.5 (lib/techcost.lua), worked out by hand from the rulebook.
-- Run with `hyperlane rules test starchase` (docs/rule-tests.md "Lua unit tests").

local T = import("engine/test")
local cost = import("lib/techcost")

local tests = {}

-- 7.3: "increasing a tech level from one to two costs 4 BPs, but increasing it from zero to
-- two costs 8 BPs": the new level squared, times the levels gained.
tests["7.3: TECH costs the new level squared per level gained"] = function()
  T.eq(cost.buy(1, 2), 4, "1 -> 2")
  T.eq(cost.buy(0, 2), 8, "0 -> 2")
  T.eq(cost.buy(4, 5), 25, "4 -> 5: 5 x 5 x 1")
end

-- 7.5: a TAKE costs half the TECH cost of that one level (rounded down, at least 1), and the
-- empire that traded it gets half of what the taker pays.
tests["7.5: TAKE costs half a TECH, the trader gets half of that"] = function()
  T.eq(cost.take(3), 4, "level 3: 9 / 2 rounded down")
  T.eq(cost.trader_share(3), 2, "half of 4")
  T.eq(cost.take(1), 1, "level 1: half of 1 is 0, but at least 1")
  T.eq(cost.trader_share(1), 0, "half of 1, rounded down")
end

return tests
