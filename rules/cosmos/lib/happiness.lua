-- Happy colonies (section 8.3): the conditions a colony must meet at the end of a turn for its
-- population to score double. Conditions about slaves, overtime and terraforming belong to
-- later versions and always hold here.

local production = import("lib/production")
local population_lib = import("lib/population")
local techs_lib = import("lib/techs")

local H = {}

local C = rules.const

-- The industries a colony must have, lowest and highest, to be happy: between a third and two
-- thirds of what its working population may operate (8.3 condition 6, e.g. 72..143 of 215).
function H.industry_range(workers, techs)
  local most = workers * production.per_worker(techs)
  local lo, hi = C.happiness.industries_min, C.happiness.industries_max
  return math.ceil(most * lo[1] / lo[2]), math.floor(most * hi[1] / hi[2])
end

-- Whether a colony is happy, and the list of reasons it is not. colony = {population,
-- industries, bases, research, starport, shields, growth_capped}; planet = {kind}.
function H.check(colony, planet, techs)
  local why = {}
  local pop = colony.population
  local half = math.floor(pop / C.happiness.half_divisor)
  if pop < C.population.happy_min then
    why[#why + 1] = "fewer than " .. C.population.happy_min .. " population"
  end
  if colony.growth_capped then why[#why + 1] = "growth was cut by the planet's size" end
  if population_lib.growth_percent(planet.kind, techs) == 0 then
    why[#why + 1] = "the population cannot grow on this planet"
  end
  local lo, hi = H.industry_range(production.workers(pop, colony.slaves), techs)
  if colony.industries < lo or colony.industries > hi then
    why[#why + 1] = "industries outside " .. lo .. ".." .. hi
  end
  if colony.bases < half then why[#why + 1] = "fewer than " .. half .. " defence bases" end
  if colony.research < half then why[#why + 1] = "fewer than " .. half .. " research centres" end
  if colony.starport < half then why[#why + 1] = "starport smaller than " .. half end
  if techs_lib.has(techs, C.installations.shield_tech) then
    local need = C.happiness.shields_per_population *
      math.min(pop, C.happiness.shields_cap_population)
    if colony.shields < need then why[#why + 1] = "fewer than " .. need .. " shields" end
  end
  return #why == 0, why
end

return H
