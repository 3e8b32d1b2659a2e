-- RETREAT (rule 4.2): Set a system's defence mode to RETREAT, retreating to an adjacent system you own.

local A = {
  name = "RETREAT",
  rule = "4.2",
  cost = "none",
  summary = "Set a system's defence mode to RETREAT, retreating to an adjacent system you own.",
  formats = {
    { from = "system", to = "system", number = "none", help = "system, where its cruisers retreat to" },
  },
}

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- The system must be yours; it retreats along a link into a system of yours (rule 4.2).
function A.check(order, ctx)
  C.need_owned(order, ctx, "from")
  C.need_linked(order, ctx, "from", "to")
  C.need_owned(order, ctx, "to")
end

return A
