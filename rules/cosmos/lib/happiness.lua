-- Happy colonies (section 8.3): the conditions a colony must meet at the end of a turn for its
-- population to score double. Conditions about slaves belong to a later version and always
-- hold here.

local production = import("lib/production")
local population_lib = import("lib/population")
local techs_lib = import("lib/techs")
local terraforming = import("lib/terraform")
local words = import("lib/words")

local H = {}

local C = rules.const

-- The industries a colony must have, lowest and highest, to be happy: between a third and two
-- thirds of what its working population may operate (8.3 condition 6, e.g. 72..143 of 215).
function H.industry_range(workers, techs)
  local most = workers * production.per_worker(techs)
  local lo, hi = C.happiness.industries_min, C.happiness.industries_max
  return math.ceil(most * lo[1] / lo[2]), math.floor(most * hi[1] / hi[2])
end

-- Whether a colony is happy, and what it lacks when it is not, as the status report lists it
-- (8.3): "at least 20 defence bases (has 19)". colony = {population, industries, bases,
-- research, starport, shields, growth_capped, overtime}; planet = {kind}.
function H.check(colony, planet, techs)
  local why = {}
  local pop = colony.population
  local half = math.floor(pop / C.happiness.half_divisor)
  local function need(what, has)
    why[#why + 1] = string.format("%s (has %d)", what, has)
  end
  if pop < C.population.happy_min then
    need(string.format("at least %d population", C.population.happy_min), pop)
  end
  if colony.growth_capped then
    why[#why + 1] = "room to grow: its growth was cut by the planet's size"
  end
  if population_lib.growth_percent(planet.kind, techs) == 0 then
    why[#why + 1] = "a planet its population can grow on"
  end
  if colony.overtime then
    why[#why + 1] = "a turn without overtime"
  end
  -- Condition 5: a planet the race's technologies can terraform must have been.
  local better = terraforming.target(planet.kind, techs)
  if better then
    why[#why + 1] = string.format("its planet terraformed into a %s planet",
      terraforming.name(better))
  end
  local lo, hi = H.industry_range(production.workers(pop, colony.slaves), techs)
  if colony.industries < lo or colony.industries > hi then
    need(string.format("%d to %d industries", lo, hi), colony.industries)
  end
  if colony.bases < half then
    need(string.format("at least %s", words.count(half, "bases")), colony.bases)
  end
  if colony.research < half then
    need(string.format("at least %s", words.count(half, "research")), colony.research)
  end
  if colony.starport < half then
    need(string.format("a starport of at least %d", half), colony.starport)
  end
  if techs_lib.has(techs, C.installations.shield_tech) then
    local most = C.happiness.shields_per_population *
      math.min(pop, C.happiness.shields_cap_population)
    if colony.shields < most then
      need(string.format("at least %s", words.count(most, "shields")), colony.shields)
    end
  end
  return #why == 0, why
end

return H
