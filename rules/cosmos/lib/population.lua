-- Population limits and growth (sections 7, 7.1, 8.7; Table 1).

local techs_lib = import("lib/techs")

local P = {}

local C = rules.const

-- The most population a colony on a planet of `kind` and `size` may hold: the size, plus the
-- Hydroponics bonus (14.2.2).
function P.limit(kind, size, techs)
  local bonus = 0
  if techs_lib.has(techs, C.population.hydroponics_tech) then
    bonus = C.planets[kind].hydroponics
  end
  return size + bonus
end

-- Growth in percent a turn on a planet of `kind`: Cloning lets minimal terran and barren
-- planets grow too (7.1).
function P.growth_percent(kind, techs)
  local row = C.planets[kind]
  if techs_lib.has(techs, C.population.cloning_tech) then
    return math.max(row.growth_percent, row.cloning_percent)
  end
  return row.growth_percent
end

-- Growth of `population` at `percent`: the whole part, plus one more unit with the chance of the
-- fraction (47 at 10% grows 4, and a fifth with chance 70%: 7.1). Draws from rng only when there
-- is a fraction.
function P.growth(population, percent)
  local hundredths = population * percent
  local whole = math.floor(hundredths / 100)
  local fraction = hundredths % 100
  if fraction > 0 and rng.below(100) < fraction then whole = whole + 1 end
  return whole
end

-- A colony's population after the production phase's growth: {population, grown, capped}
-- where capped is true when the limit cut the growth (happiness, 8.3). colony = {population};
-- planet = {kind, size}.
function P.grow(colony, planet, techs)
  local wanted = P.growth(colony.population, P.growth_percent(planet.kind, techs))
  local limit = P.limit(planet.kind, planet.size, techs)
  local after = math.min(colony.population + wanted, math.max(limit, colony.population))
  return { population = after, grown = after - colony.population,
    capped = colony.population + wanted > limit }
end

-- A primitive colony's growth: one unit per growth_per units, rounded down (8.7), up to the
-- planet's size.
function P.primitive_grow(population, size)
  local grown = math.floor(population / C.primitives.growth_per)
  return math.min(population + grown, math.max(size, population))
end

return P
