-- DEEP (rule 4.4): Jump cruisers to a star not linked, within jump tech range; a failed attack is lost in space.

local A = {
  name = "DEEP",
  rule = "4.4",
  cost = "distance squared x cruisers",
  summary = "Jump cruisers to a star not linked, within jump tech range; a failed attack is lost in space.",
  formats = {
    { from = "system", to = "system", number = "count", help = "from, to (a star), cruisers" },
  },
}

local act = import("lib/act")
local st = import("lib/st")
local movement = import("lib/movement")

-- Adjudicates the order: a jump to a star within jump tech range, paid per cruiser and per
-- squared distance (lib/movement.lua has the battle and what a failed jump loses).
function A.run(order, res, turn)
  local d
  movement.fleet_order(order, res, turn, "deep", {
    name = "DEEP",
    classes = { "cruisers" },  -- only cruisers jump (rule 4.4)
    cost = function(n) return d * n end,
    check = function(r, e, from, to)
      if galaxy.is_inner(to) then
        return act.fail(r, "%s is a planet or belt: deep space jumps go to stars only", act.code(to))
      end
      -- Pack ruling: a jump to a star that is also linked is allowed (same cost and jump tech
      -- limit; still sticky, and still no retreat location reset).
      d = galaxy.distsq(from, to)
      if d == 0 then
        return act.fail(r, "%s and %s are the same place", act.code(from), act.code(to))
      end
      local jt = st.tech(e, "JT")
      if jt < d then
        return act.fail(r, "%s is %d away (squared) but your jump tech is %d", act.code(to), d, jt)
      end
      r.details.distsq = d
      return true
    end,
  })
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- From a system of yours to a star within jump tech range (rules 3.12, 4.4).
function A.check(order, ctx)
  local from, to = order.from, order.to
  C.need_owned(order, ctx, "from")
  if C.satellite(to) then
    ctx.error("to", "a DEEP jump cannot end at a planet or asteroid belt")
    return
  end
  if from == to then
    ctx.error("to", "the same system as " .. C.code(from))
    return
  end
  if C.linked(ctx, from, to) then
    ctx.warning("to", string.format("linked to %s: a MOVE costs only %d BP", C.code(from),
      C.cost("move")))
  end
  local d, jt = galaxy.distsq(from, to), C.tech(ctx, "JT")
  if d > jt then
    ctx.warning("to", string.format("the jump is %d (squared distance), but your jump tech JT "
      .. "is %d", d, jt))
  end
  C.may_capture(ctx, to)
end

-- The squared distance times the cruisers moved.
function A.estimate(order, ctx)
  local h = C.own_holding(ctx, order.from)
  local n = C.count(order.number, h and h.cruisers or 0)
  return galaxy.distsq(order.from, order.to) * n
end

return A
