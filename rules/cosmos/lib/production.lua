-- Industrial production and research of a colony in the production phase (sections 6.2, 6.5,
-- 8.4, 8.5, Table 1, Table 9). Each working population unit runs a number of industries set
-- by the race's best industry tech; its 1st, 2nd, ... industry works at the efficiency of
-- Table 9. The industries of a colony fill these places tier by tier: first every unit's 1st
-- and 2nd industry, then every unit's 3rd, and so on. Industry output and the extra output per
-- working unit are each rounded down (RULINGS.md).

local race_types = import("lib/race_types")
local techs_lib = import("lib/techs")

local M = {}

local C = rules.const

-- Working population: regular population plus half the slaves, rounded up (8.4).
function M.workers(population, slaves)
  return population + math.ceil((slaves or 0) / 2)
end

-- Industries one working unit may run (8.4, Table 9).
function M.per_worker(techs)
  return techs_lib.best_row(techs, C.industry.per_worker, "count")
end

-- The efficiency in percent of a unit's 1st, 2nd, ... industry, as many as it may run.
function M.efficiencies(techs)
  local table9 = techs_lib.has(techs, C.industry.robots_tech) and C.industry.efficiency_robots
    or C.industry.efficiency
  local out = {}
  for k = 1, M.per_worker(techs) do out[k] = table9[k] end
  return out
end

-- The i.p. made by `industries` on a planet with `minerals`, run by `workers` units (8.4):
-- minerals times the industries weighted by their efficiency, rounded down.
function M.industry_output(industries, workers, minerals, techs)
  local left, weighted = industries, 0
  for _, percent in ipairs(M.efficiencies(techs)) do
    local n = math.min(left, workers)
    weighted = weighted + n * percent
    left = left - n
  end
  return math.floor(minerals * weighted / 100)
end

-- The extra i.p. per working unit in percent on a planet (Table 1, 6.5): a race's own home
-- planet gives more than another race's home planet; barren planets give none.
function M.extra_percent(planet, owner)
  if planet.home_of and planet.home_of ~= "" then
    if planet.home_of == owner then return C.planets.home_extra_own_percent end
    return C.planets.home_extra_other_percent
  end
  return C.planets[planet.kind].extra_percent
end

-- A colony's production: {industries = i.p. from industries, extra = i.p. from its working
-- population, total}. colony = {population, slaves, industries}; planet = {kind, minerals,
-- home_of}; owner = the colony's race code.
function M.produce(colony, planet, owner, techs)
  local workers = M.workers(colony.population, colony.slaves)
  if colony.population == 0 then
    return { industries = 0, extra = 0, total = 0 }  -- an empty colony makes nothing (8.6)
  end
  local from_industries = M.industry_output(colony.industries, workers, planet.minerals, techs)
  local extra = math.floor(workers * M.extra_percent(planet, owner) / 100)
  return { industries = from_industries, extra = extra, total = from_industries + extra }
end

-- The race type's extra production of a colony (16.1, 16.2): {ip, rp}. An industrialist's
-- colony makes ip_per_mineral i.p. per planet mineral content and 1 per population_per_ip own
-- population units before growth (rounded down), a researcher's 1 r.p. per population_per_rp
-- before growth, free; a double type twice each. An empty colony makes nothing (8.6).
function M.type_bonus(race_type, minerals, population_before)
  if population_before <= 0 then return { ip = 0, rp = 0 } end
  local T = rules.const.race_types
  local ind = race_types.count(race_type, "industrialist")
  local res = race_types.count(race_type, "researcher")
  return {
    ip = ind * (T.industrialist.ip_per_mineral * minerals +
      math.floor(population_before / T.industrialist.population_per_ip)),
    rp = res * math.floor(population_before / T.researcher.population_per_rp),
  }
end

-- Research after production (8.2, 8.4): each centre turns ip_per_centre i.p., while there are
-- enough in store, into r.p. {centres = centres that ran, ip = i.p. used, rp = r.p. made}.
function M.research(ip_in_store, centres, techs)
  local cost = C.research.ip_per_centre
  local running = math.min(centres, math.floor(ip_in_store / cost))
  local each = techs_lib.best_row(techs, C.research.rp_per_centre, "rp")
  return { centres = running, ip = running * cost, rp = running * each }
end

return M
