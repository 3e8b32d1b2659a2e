-- AMBUSH (rule 4.2): Set a system's defence to ambush attacks from one adjacent system (effective only if set before the MOVE).

local A = {
  name = "AMBUSH",
  rule = "4.2",
  cost = "none",
  summary = "Set a system's defence to ambush attacks from one adjacent system (effective only if set before the MOVE).",
  formats = {
    { from = "system", to = "system", number = "none", help = "system to defend, adjacent system the attack comes from" },
  },
}

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- The system must be yours; the attack it waits for comes along a link.
function A.check(order, ctx)
  C.need_owned(order, ctx, "from")
  C.need_linked(order, ctx, "from", "to")
end

return A
