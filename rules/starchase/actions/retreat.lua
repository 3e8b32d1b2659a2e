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

-- The system must be yours and the retreat location linked to it. Whether you own the
-- retreat location counts only at the battle (rule 3.5; RULINGS.md), so that is a warning.
function A.check(order, ctx)
  C.need_owned(order, ctx, "from")
  C.need_linked(order, ctx, "from", "to")
  if not C.owns(ctx, order.to) then
    ctx.warning("to", "you do not own this system now: cruisers retreat here only if you own it "
      .. "when the battle comes")
  end
end

return A
