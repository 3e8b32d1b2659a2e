-- BOMBARD (rule 4.7): Bombard a planet from cruisers in its parent star: it loses a cruiser, a fighter and 5-9 population and industry.

local A = {
  name = "BOMBARD",
  rule = "4.7",
  cost = "2 BPs",
  summary = "Bombard a planet from cruisers in its parent star: it loses a cruiser, a fighter and 5-9 population and industry.",
  formats = {
    { from = "system", to = "system", number = "none", help = "star with your cruisers, planet to bombard" },
  },
}

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- From your cruisers in a star at one of its planets (rule 4.7).
function A.check(order, ctx)
  local from, to = order.from, order.to
  if not C.need_star(order, ctx, "from", "BOMBARD is fired from a star, not from a planet or "
    .. "asteroid belt") then return end
  C.need_owned(order, ctx, "from")
  if galaxy.kind(to) ~= "planet" then
    ctx.error("to", "only planets can be bombarded")
  elseif galaxy.parent(to) ~= from then
    ctx.error("to", "not a planet of star " .. C.code(from))
  elseif C.owns(ctx, to) then
    ctx.warning("to", "this is your own planet")
  end
end

function A.estimate()
  return C.cost("bombard")
end

return A
