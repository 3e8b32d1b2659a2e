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

local movement = import("lib/movement")

-- Adjudicates the order: a MOVE that never attacks (lib/movement.lua).
function A.run(order, res, turn)
  movement.fleet_order(order, res, turn, "send", { name = "SEND",
    cost = function() return rules.const.actions.send end, check = movement.require_link })
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
