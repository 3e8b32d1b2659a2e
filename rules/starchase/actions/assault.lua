-- ASSAULT (rule 4.3): All-out attack in rounds of one third losses until one side's fleet is gone; the survivors are stuck.

local A = {
  name = "ASSAULT",
  rule = "4.3",
  cost = "2 BPs",
  summary = "All-out attack in rounds of one third losses until one side's fleet is gone; the survivors are stuck.",
  formats = {
    { from = "system", to = "system", number = "count", help = "from, to, cruisers" },
  },
}

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- From a system of yours along a link; an ASSAULT on your own system fails (rule 3.3).
function A.check(order, ctx)
  C.need_owned(order, ctx, "from")
  C.need_linked(order, ctx, "from", "to")
  if C.owns(ctx, order.to) then
    ctx.warning("to", "you own this system: an ASSAULT on your own system fails")
  end
  C.may_capture(ctx, order.to)
end

function A.estimate()
  return C.cost("assault")
end

return A
