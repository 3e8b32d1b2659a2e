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

local act = import("lib/act")
local movement = import("lib/movement")

-- Adjudicates the order: rounds until a fleet is gone (lib/movement.lua); the survivors stick.
function A.run(order, res, turn)
  movement.fleet_order(order, res, turn, "assault", {
    name = "ASSAULT",
    cost = function() return rules.const.actions.assault end,
    check = function(r, e, from, to)
      if not movement.require_link(r, e, from, to) then return false end
      if act.owner(to) == e then
        return act.fail(r, "you already own %s: an ASSAULT on your own system fails", act.code(to))
      end
      return true
    end,
  })
end

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
