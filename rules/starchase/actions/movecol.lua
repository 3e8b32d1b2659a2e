-- MOVECOL (rule 4.8): Move colony ships between adjacent systems you own, taking fighters along up to fighter tech.

local A = {
  name = "MOVECOL",
  rule = "4.8",
  cost = "2 BPs per colony ship",
  summary = "Move colony ships between adjacent systems you own, taking fighters along up to fighter tech.",
  formats = {
    { from = "system", to = "system", number = "count", help = "from, to, colony ships" },
  },
}

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- Between two linked systems of yours (rule 4.8).
function A.check(order, ctx)
  C.need_owned(order, ctx, "from")
  C.need_owned(order, ctx, "to")
  C.need_linked(order, ctx, "from", "to")
end

-- Per colony ship moved.
function A.estimate(order)
  local n = C.count(order.number, state.holding(order.from).colony_ships)
  return C.cost("movecol_per_ship") * n
end

return A
