-- LAYUP (rule 4.9): Put cruisers into the fleet reserve from a system with population and industry.

local A = {
  name = "LAYUP",
  rule = "4.9",
  cost = "2 BPs per cruiser",
  summary = "Put cruisers into the fleet reserve from a system with population and industry.",
  exclusive_with = { "RESERVE" },
  formats = {
    { from = "system", to = "none", number = "count", help = "system, cruisers" },
  },
}

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- In a system of yours with population and industry (rule 4.9).
function A.check(order, ctx)
  C.check_reserve_system(order, ctx, "LAYUP")
end

-- Per cruiser laid up: at most reserve tech + population + industry of the system.
function A.estimate(order, ctx)
  local h = state.holding(order.from)
  local n = math.min(C.count(order.number, h.cruisers), C.reserve_limit(ctx, order.from))
  return C.cost("layup_per_ship") * n
end

return A
