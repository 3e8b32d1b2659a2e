-- MOVE (rule 4.1): Move cruisers along a link; into another empire's system it is an attack of one round.

local A = {
  name = "MOVE",
  rule = "4.1",
  cost = "1 BP",
  summary = "Move cruisers along a link; into another empire's system it is an attack of one round.",
  formats = {
    { from = "system", to = "system", number = "count", help = "from, to, cruisers" },
  },
}

local movement = import("lib/movement")

-- Adjudicates the order (lib/movement.lua has moves, captures and battles).
function A.run(order, res, turn)
  movement.fleet_order(order, res, turn, "move", { name = "MOVE",
    cost = function() return rules.const.actions.move end, check = movement.require_link })
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- From a system of yours along a link (rules 3.1, 4.1).
function A.check(order, ctx)
  C.need_owned(order, ctx, "from")
  C.need_linked(order, ctx, "from", "to")
  C.may_capture(ctx, order.to)
end

function A.estimate()
  return C.cost("move")
end

return A
