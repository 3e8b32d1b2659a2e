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

local act = import("lib/act")

-- Reports the squared distance from a system the empire owns to a star (no cost).
function A.run(order, res)
  local e, from, to = order.empire, order.from, order.to
  if not act.require_owned(res, e, from, "WHERE FROM") then return end
  if not galaxy.exists(to) then return act.fail(res, "system %s does not exist", act.code(to)) end
  if galaxy.is_inner(to) then
    return act.fail(res, "%s is a planet or belt; DISTSQ measures to stars", act.code(to))
  end
  local d = galaxy.distsq(from, to)
  res.details.distsq = d
  act.note(res, "the squared distance from %s to %s is %d", act.code(from), act.code(to), d)
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- From a system of yours to a star (rule 3.13).
function A.check(order, ctx)
  C.need_owned(order, ctx, "from")
  C.need_star(order, ctx, "to", "DISTSQ measures to a star, not to a planet or asteroid belt")
end

return A
