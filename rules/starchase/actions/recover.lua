-- RECOVER (rule 4.11): Bring cruisers lost in space back into the reserve, up to recovery tech per action.

local A = {
  name = "RECOVER",
  rule = "4.11",
  cost = "1 BP per cruiser",
  summary = "Bring cruisers lost in space back into the reserve, up to recovery tech per action.",
  formats = {
    { from = "none", to = "none", number = "count", help = "cruisers" },
  },
}

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- Cruisers come back from lost in space, at most recovery tech per action (rule 4.11).
function A.check(_, ctx)
  if C.tech(ctx, "RT") == 0 then
    ctx.warning("number", "your recovery tech RT is 0: RECOVER brings no cruisers back")
  elseif state.empire(ctx.empire).lost_in_space == 0 then
    ctx.warning("number", "you have no cruisers lost in space")
  end
end

-- Per cruiser recovered, at most recovery tech.
function A.estimate(order, ctx)
  local n = C.count(order.number, state.empire(ctx.empire).lost_in_space)
  return C.cost("recover_per_ship") * math.min(n, C.tech(ctx, "RT"))
end

return A
