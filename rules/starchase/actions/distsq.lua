-- DISTSQ (rule 3.13): Report the squared distance from a system you own to a star.

local A = {
  name = "DISTSQ",
  rule = "3.13",
  cost = "none",
  summary = "Report the squared distance from a system you own to a star.",
  formats = {
    { from = "system", to = "system", number = "none", help = "from (yours), to (a star)" },
  },
}

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- From a system of yours to a star (rule 3.13).
function A.check(order, ctx)
  C.need_owned(order, ctx, "from")
  C.need_star(order, ctx, "to", "DISTSQ measures to a star, not to a planet or asteroid belt")
end

return A
