-- MOVEF (rule 4.5): Move fighters between adjacent systems you own, up to fighter tech per action.

local A = {
  name = "MOVEF",
  rule = "4.5",
  cost = "1 BP per fighter",
  summary = "Move fighters between adjacent systems you own, up to fighter tech per action.",
  formats = {
    { from = "system", to = "system", number = "count", help = "from, to, fighters" },
  },
}

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- Between two linked systems of yours, at most fighter tech per action (rule 4.5).
function A.check(order, ctx)
  C.need_owned(order, ctx, "from")
  C.need_owned(order, ctx, "to")
  C.need_linked(order, ctx, "from", "to")
  if C.tech(ctx, "FT") == 0 then
    ctx.warning("number", "your fighter tech FT is 0: MOVEF moves no fighters")
  end
end

-- Per fighter moved, at most fighter tech.
function A.estimate(order, ctx)
  local n = C.count(order.number, state.holding(order.from).fighters)
  return C.cost("movef_per_fighter") * math.min(n, C.tech(ctx, "FT"))
end

return A
