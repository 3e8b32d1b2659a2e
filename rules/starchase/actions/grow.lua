-- GROW (rule 6.3): Raise population by the Birth Labs level, up to the limit; once per system per turn.

local A = {
  name = "GROW",
  rule = "6.3",
  cost = "current population",
  summary = "Raise population by the Birth Labs level, up to the limit; once per system per turn.",
  formats = {
    { from = "system", to = "none", number = "none", help = "system" },
  },
}

local act = import("lib/act")
local st = import("lib/st")

-- Raises population by the Birth Labs level, up to the limit; costs the current population;
-- once per system per turn, and not where population already rose this turn.
function A.run(order, res, turn)
  local e, sys = order.empire, order.from
  if not act.require_owned(res, e, sys, "WHERE") then return end
  if act.blockaded(sys) then return act.fail(res, "%s is blockaded", act.code(sys)) end
  local h = state.holding(sys)
  if h.population == 0 then
    return act.fail(res, "%s has no population to grow (plant a colony first)", act.code(sys))
  end
  if act.has_grown(turn, sys) then
    return act.fail(res, "population at %s already rose this turn", act.code(sys))
  end
  local limit = act.pop_limit(e, sys)
  local bl = st.tech(e, "BL")
  local after = math.min(limit, h.population + bl)
  if after <= h.population then
    return act.fail(res, "population at %s is already at its limit of %d", act.code(sys), limit)
  end
  if not act.pay(res, e, h.population, "GROW") then return end
  state.set_holding(sys, { population = after })
  act.mark_grown(turn, sys)
  res.details.population = after
  act.note(res, "population at %s grew from %d to %d", act.code(sys), h.population, after)
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")
local E = import("lib/economy")

-- In a system of yours with population, once per system per turn (rule 6.3).
function A.check(order, ctx)
  if not C.need_owned(order, ctx, "from") then return end
  local sys = order.from
  local h = C.own_holding(ctx, sys)
  local earlier = C.population_raised(ctx, sys)
  if earlier then
    ctx.error("from", string.format("the population here already rises this turn (slot %d): "
      .. "GROW works once per system per turn", earlier))
    return
  end
  if h and h.population == 0 then
    ctx.error("from", "no population here to grow: plant a colony first (COLONISE)")
    return
  end
  C.note_population(ctx, sys)
  local limit = E.pop_limit(ctx.empire, sys)
  if h and h.population >= limit then
    ctx.warning("from", string.format("the population is already at the limit (%d): it will "
      .. "not grow", limit))
  end
end

-- The current population.
function A.estimate(order, ctx)
  return C.known_count(ctx, order.from, "population")
end

return A
