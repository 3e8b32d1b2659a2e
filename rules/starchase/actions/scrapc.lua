-- SCRAPC (rule 6.6): Scrap cruisers.

local A = {
  name = "SCRAPC",
  rule = "6.6",
  cost = "1 BP per cruiser",
  summary = "Scrap cruisers.",
  formats = {
    { from = "system", to = "none", number = "count", help = "system, cruisers" },
  },
}

local ships = import("lib/ships")

-- Scraps cruisers, 1 BP each (lib/ships.lua).
function A.run(order, res)
  ships.scrap(order, res, "cruisers", "cruisers", "SCRAPC")
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- In a system of yours (rule 6.6).
function A.check(order, ctx)
  C.need_owned(order, ctx, "from")
end

-- Per cruiser scrapped.
function A.estimate(order, ctx)
  local n = C.count(order.number, C.known_count(ctx, order.from, "cruisers"))
  return C.cost("scrap_per_ship") * n
end

return A
