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

local act = import("lib/act")

-- Sets the system to ambush attacks from one adjacent system (effective from now on).
function A.run(order, res)
  local e, sys, against = order.empire, order.from, order.to
  if not act.require_owned(res, e, sys, "WHERE") then return end
  if not galaxy.exists(against) or not galaxy.linked(sys, against) then
    return act.fail(res, "%s is not linked to %s", act.code(against), act.code(sys))
  end
  state.set_holding(sys, { mode = "ambush", ambush = against })
  act.note(res, "%s will ambush attacks from %s", act.code(sys), act.code(against))
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- The system must be yours; the attack it waits for comes along a link.
function A.check(order, ctx)
  C.need_owned(order, ctx, "from")
  C.need_linked(order, ctx, "from", "to")
end

return A
