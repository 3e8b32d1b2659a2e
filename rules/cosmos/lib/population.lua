-- Population limits and growth (sections 7, 7.1, 8.7; Table 1).

local race_types = import("lib/race_types")
local techs_lib = import("lib/techs")

local P = {}

local C = rules.const

-- The most population a colony on a planet of `kind` and `size` may hold: the size, plus the
-- Hydroponics bonus (14.2.2), plus a megaworlder's limit_percent of that, rounded up (16.5;
-- twice for a double one, 16.5.1). race_type: the owner's (16), nil for none.
function P.limit(kind, size, techs, race_type)
  local bonus = 0
  if techs_lib.has(techs, C.population.hydroponics_tech) then
    bonus = C.planets[kind].hydroponics
  end
  local limit = size + bonus
  local mega = race_types.bonus(race_type, "limit_percent")
  return limit + math.ceil(limit * mega / 100)
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

-- Growth of `population` at one unit per `per` units: the whole part, plus one more unit with
-- the chance of the rest (a survivor's 1 per 7 on sub-terran planets, 16.4). Draws from rng only
-- when there is a rest.
function P.growth_per(population, per)
  local whole = math.floor(population / per)
  local rest = population % per
  if rest > 0 and rng.below(per) < rest then whole = whole + 1 end
  return whole
end

-- A colony's population after the production phase's growth: {population, grown, capped}
-- where capped is true when the limit cut the growth (happiness, 8.3). colony = {population};
-- planet = {kind, size}; race_type: the owner's (16). A survivor's colonies on the planet kinds
-- of its growth_per grow one unit per that many (16.4), or as 7.1 says if that is more
-- (Cloning, which a survivor cannot have, aside).
function P.grow(colony, planet, techs, race_type)
  local wanted
  local per = race_types.count(race_type, "survivor") > 0 and
    rules.const.race_types.survivor.growth_per[planet.kind] or nil
  if per then
    wanted = P.growth_per(colony.population, per)
  else
    wanted = P.growth(colony.population, P.growth_percent(planet.kind, techs))
  end
  local limit = P.limit(planet.kind, planet.size, techs, race_type)
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
