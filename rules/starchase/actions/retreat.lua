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

local act = import("lib/act")

-- Sets the system's defence mode to RETREAT, with its cruisers retreating to WHERE TO.
function A.run(order, res)
  local e, sys, to = order.empire, order.from, order.to
  if not act.require_owned(res, e, sys, "WHERE FROM") then return end
  if not galaxy.exists(to) or not galaxy.linked(sys, to) then
    return act.fail(res, "%s is not linked to %s", act.code(to), act.code(sys))
  end
  -- Pack ruling: any linked system may be named, owned or not, planet or star; whether it is
  -- linked and owned is checked when the system is attacked (rule 3.5). "Not set to planets
  -- or asteroids" is read as part of the automatic reset by arriving cruisers.
  state.set_holding(sys, { mode = "retreat", retreat = to, ambush = false })
  act.note(res, "cruisers at %s will retreat to %s from a stronger attack", act.code(sys),
    act.code(to))
end

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
