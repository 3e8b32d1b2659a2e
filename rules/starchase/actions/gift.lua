-- GIFT (rule 6.9): Give BPs from your treasury to another empire's treasury.

local A = {
  name = "GIFT",
  rule = "6.9",
  cost = "BPs given, from the treasury",
  summary = "Give BPs from your treasury to another empire's treasury.",
  formats = {
    { from = "none", to = "empire", number = "amount", help = "empire, BPs" },
  },
}

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- To another empire, from the treasury (rule 6.9).
function A.check(order, ctx)
  C.need_other_empire(order, ctx, "to", "you cannot give BPs to your own empire")
end

function A.estimate(order)
  return 0, order.number.n
end

return A
