-- NEWDST (variant "destroyers"): Build destroyers in a system you own (blank WHERE: the base).

local A = {
  name = "NEWDST",
  rule = "6.1",
  cost = "6 BPs each",
  summary = "Build destroyers in a system you own (blank WHERE: the base).",
  formats = {
    { from = "system?", to = "none", number = "amount", help = "where, how many" },
  },
}

local ships = import("lib/ships")

-- Builds destroyers as NEWCRS builds cruisers (lib/ships.lua): limited by population,
-- industry and BPs.
function A.run(order, res)
  ships.build(order, res, "destroyers", rules.const.ships.destroyer, "destroyers", "destroyer")
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- In a system of yours, or the base when WHERE is blank (rule 6.1).
function A.check(order, ctx)
  C.check_new_ships(order, ctx)
end

-- The build cost of each ship.
function A.estimate(order)
  return rules.const.ships.destroyer * order.number.n
end

return A
