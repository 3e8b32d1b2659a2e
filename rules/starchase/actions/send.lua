-- SEND (rule 4.12): Move cruisers like MOVE, but never attack: into another empire's system nothing happens.

local A = {
  name = "SEND",
  rule = "4.12",
  cost = "1 BP",
  summary = "Move cruisers like MOVE, but never attack: into another empire's system nothing happens.",
  formats = {
    { from = "system", to = "system", number = "count", help = "from, to, cruisers" },
  },
}

local act = import("lib/act")
local movement = import("lib/movement")

-- Adjudicates the order (lib/movement.lua has moves, captures and battles).
function A.run(order, res, turn)
  local e, from, to = order.empire, order.from, order.to
  if not act.require_owned(res, e, from, "WHERE FROM") then return end
  if not galaxy.exists(to) then return act.fail(res, "system %s does not exist", act.code(to)) end
  if not galaxy.linked(from, to) then
    return act.fail(res, "%s is not linked to %s", act.code(from), act.code(to))
  end
  if act.is_sticky(turn, e, from) then
    return act.fail(res, "ships at %s are stuck there this turn", act.code(from))
  end
  local n, reduced = act.count(order.number, state.holding(from).cruisers)
  if n == 0 then return act.fail(res, "no cruisers to move at %s", act.code(from)) end
  if reduced then act.note(res, "only %d cruisers were at %s", n, act.code(from)) end
  if not act.pay(res, e, rules.const.actions.send, "SEND") then return end
  movement.advance(res, turn, e, from, to, n, "send")
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- From a system of yours along a link; into an unowned system it captures (rule 4.12).
function A.check(order, ctx)
  C.need_owned(order, ctx, "from")
  C.need_linked(order, ctx, "from", "to")
  C.may_capture(ctx, order.to)
end

function A.estimate()
  return C.cost("send")
end

return A
