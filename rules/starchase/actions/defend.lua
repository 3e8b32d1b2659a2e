-- DEFEND (rule 4.2): Set a system's defence mode to DEFEND.

local A = {
  name = "DEFEND",
  rule = "4.2",
  cost = "none",
  summary = "Set a system's defence mode to DEFEND.",
  formats = {
    { from = "system", to = "none", number = "none", help = "system" },
  },
}

local act = import("lib/act")

-- Sets the system's defence mode to DEFEND (any ambush is dropped).
function A.run(order, res)
  local e, sys = order.empire, order.from
  if not act.require_owned(res, e, sys, "WHERE") then return end
  state.set_holding(sys, { mode = "defend", ambush = false })
  act.note(res, "%s will defend", act.code(sys))
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- The system must be yours.
function A.check(order, ctx)
  C.need_owned(order, ctx, "from")
end

return A
