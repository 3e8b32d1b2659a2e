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
local movement = import("lib/movement")

-- Adjudicates the order (lib/movement.lua has moves, captures and battles).
function A.run(order, res, turn)
  local e, from, to = order.empire, order.from, order.to
  if not act.require_owned(res, e, from, "WHERE FROM") then return end
  if not galaxy.exists(to) then return act.fail(res, "system %s does not exist", act.code(to)) end
  if galaxy.is_satellite(to) then
    return act.fail(res, "%s is a planet or belt: deep space jumps go to stars only", act.code(to))
  end
  -- Pack ruling: a jump to a star that is also linked is allowed (same cost and jump tech
  -- limit; still sticky, and still no retreat location reset).
  local d = galaxy.distsq(from, to)
  if d == 0 then return act.fail(res, "%s and %s are the same place", act.code(from), act.code(to)) end
  local jt = state.tech(e, "JT")
  if jt < d then
    return act.fail(res, "%s is %d away (squared) but your jump tech is %d", act.code(to), d, jt)
  end
  if act.is_sticky(turn, e, from) then
    return act.fail(res, "ships at %s are stuck there this turn", act.code(from))
  end
  local n, reduced = act.count(order.number, state.holding(from).cruisers)
  if n == 0 then return act.fail(res, "no cruisers to move at %s", act.code(from)) end
  if reduced then act.note(res, "only %d cruisers were at %s", n, act.code(from)) end
  res.details.distsq = d
  if not act.pay(res, e, d * n, "DEEP") then return end
  movement.advance(res, turn, e, from, to, n, "deep")
end

return A
