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

local act = import("lib/act")

-- Plants one population from a colony ship: where it is (format 1), or thrown into an adjacent
-- system the empire owns (format 2, only if the ship's system is not sticky). The colony ship
-- is not used up; its system becomes sticky.
function A.run(order, res, turn)
  local e = order.empire
  local ship_at, target = order.from, order.to or order.from
  if not act.require_owned(res, e, ship_at, "WHERE") then return end
  if state.holding(ship_at).colony_ships < 1 then
    return act.fail(res, "you have no colony ship at %s", act.code(ship_at))
  end
  if target ~= ship_at then
    if act.is_sticky(turn, e, ship_at) then
      return act.fail(res, "the colony ship at %s is stuck and cannot throw a colony",
        act.code(ship_at))
    end
    if not galaxy.exists(target) or not galaxy.linked(ship_at, target) then
      return act.fail(res, "%s is not linked to %s", act.code(target), act.code(ship_at))
    end
    if act.owner(target) ~= e then
      return act.fail(res, "colonies can only be thrown into systems you own (%s)",
        act.code(target))
    end
  end
  if state.holding(target).population > 0 then
    return act.fail(res, "%s already has population", act.code(target))
  end
  if act.blockaded(target) then return act.fail(res, "%s is blockaded", act.code(target)) end
  if not act.pay(res, e, rules.const.actions.colonise, "COLONISE") then return end
  state.set_holding(target, { population = 1 })
  act.mark_grown(turn, target)
  act.make_sticky(turn, e, ship_at)
  res.details.colony = target
  act.note(res, "a colony of 1 population was planted at %s", act.code(target))
end

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
