-- COLONISE (rule 6.5): Plant one population from a colony ship, where it is or thrown into an adjacent system you own.

local A = {
  name = "COLONISE",
  rule = "6.5",
  cost = "2 BPs",
  summary = "Plant one population from a colony ship, where it is or thrown into an adjacent system you own.",
  formats = {
    { from = "system", to = "none", number = "none", help = "plant where the colony ship is" },
    { from = "system", to = "system", number = "none", help = "throw from the colony ship's system to an adjacent system" },
  },
}

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- The colony ship's system must be yours; a throw goes along a link into a system of
-- yours (RULINGS.md); only where there is no population, once per system per turn.
function A.check(order, ctx)
  C.need_owned(order, ctx, "from")
  local target = "from"
  if order.to then
    target = "to"
    C.need_linked(order, ctx, "from", "to")
    C.need_owned(order, ctx, "to")
  end
  local sys = order[target]
  local earlier = C.population_raised(ctx, sys)
  local h = C.own_holding(ctx, sys)
  if earlier then
    ctx.error(target, string.format("the population here already rises this turn (slot %d)",
      earlier))
  elseif h and h.population > 0 then
    ctx.error(target, "this system already has population: COLONISE plants only where there is "
      .. "none")
  else
    C.note_population(ctx, sys)
  end
end

function A.estimate()
  return C.cost("colonise")
end

return A
