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

local act = import("lib/act")

-- Bombards a planet from cruisers in its parent star: it loses a cruiser, a fighter, and 5..9
-- each of population and industry (never below 0). The star becomes sticky.
function A.run(order, res, turn)
  local e, star, planet = order.empire, order.from, order.to
  if not act.require_owned(res, e, star, "WHERE FROM") then return end
  if state.holding(star).cruisers < 1 then
    return act.fail(res, "you have no cruisers at %s to bombard from", act.code(star))
  end
  if not galaxy.exists(planet) or galaxy.kind(planet) ~= "planet"
      or galaxy.parent(planet) ~= star then
    return act.fail(res, "%s is not a planet of %s", act.code(planet), act.code(star))
  end
  local victim = act.owner(planet)
  if victim == nil or victim == e then
    return act.fail(res, "%s is not owned by another empire", act.code(planet))
  end
  local C = rules.const.bombard
  if not act.pay(res, e, rules.const.actions.bombard, "BOMBARD") then return end
  local h = state.holding(planet)
  local pop = rng.range(C.population_min, C.population_max)
  local ind = rng.range(C.industry_min, C.industry_max)
  local after = {
    cruisers = math.max(0, h.cruisers - C.cruisers),
    fighters = math.max(0, h.fighters - C.fighters),
    population = math.max(0, h.population - pop),
    industry = math.max(0, h.industry - ind),
  }
  state.set_holding(planet, after)
  act.make_sticky(turn, e, star)
  res.details.rolled = { population = pop, industry = ind }
  res.details.lost = {
    cruisers = h.cruisers - after.cruisers, fighters = h.fighters - after.fighters,
    population = h.population - after.population, industry = h.industry - after.industry,
  }
  local l = res.details.lost
  act.note(res, "%s bombarded: it lost %d cruisers, %d fighters, %d population, %d industry",
    act.code(planet), l.cruisers, l.fighters, l.population, l.industry)
  act.event(res, victim, "%s bombarded %s from %s: you lost %d cruisers, %d fighters, "
    .. "%d population, %d industry", e, act.code(planet), act.code(star), l.cruisers,
    l.fighters, l.population, l.industry)
end

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
