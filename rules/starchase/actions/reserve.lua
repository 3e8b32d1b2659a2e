-- RESERVE (rule 4.10): Place reserve cruisers in a system with population and industry; it becomes sticky.

local A = {
  name = "RESERVE",
  rule = "4.10",
  cost = "1 BP per cruiser",
  summary = "Place reserve cruisers in a system with population and industry; it becomes sticky.",
  exclusive_with = { "LAYUP" },
  formats = {
    { from = "system", to = "none", number = "count", help = "system, cruisers" },
  },
}

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- In a system of yours with population and industry (rule 4.10).
function A.check(order, ctx)
  C.check_reserve_system(order, ctx, "RESERVE")
  if state.empire(ctx.empire).reserve == 0 then
    ctx.warning("number", "you have no cruisers in reserve")
  end
end

-- Per cruiser placed: at most reserve tech + population + industry of the system.
function A.estimate(order, ctx)
  local n = C.count(order.number, state.empire(ctx.empire).reserve)
  return C.cost("reserve_per_ship") * math.min(n, C.reserve_limit(ctx, order.from))
end

return A
