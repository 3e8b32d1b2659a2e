-- Default orders (section 2.3) for a race whose orders are not in: each of its colonies without
-- orders carried over gets, in this order,
--   1. colony transports (exodus ships from a starport of 30 or more) for the population that
--      next turn's growth would not find room for, after a starport expanded to 10 if needed;
--   2. industries up to what the population can run, if an industry pays back its cost by the
--      end of the game (counted to the shortest game length, which is all the race may know);
--   3. defence bases up to the most allowed; planet shields if the race has them;
--   4. research centres up to half the number the colony's production could feed.
-- Fleets get no default orders. The orders are plain queue entries (no administration cost).

local data = import("lib/data")
local installations = import("lib/installations")
local population = import("lib/population")
local production = import("lib/production")
local techs_lib = import("lib/techs")
local U = import("lib/units")

local D = {}

local C = rules.const

-- A queue entry.
local function order(w, verb, args)
  return { verb = verb, args = args, given = w.turn, line = 0, begun = 0, done = 0, embedded = {} }
end

-- The default orders of one colony (a list of queue entries).
function D.for_colony(w, c)
  local p = w.planets[c.planet]
  local techs = w.races[c.owner].techs
  local out = {}
  -- 1. Room for growth.
  local limit = population.limit(p.kind, p.size, techs, w.races[c.owner].race_type)
  local growth = math.ceil(c.population * population.growth_percent(p.kind, techs) / 100)
  local excess = c.population + growth - limit
  if excess > 0 and c.population > 0 then
    local use_exodus = c.starport >= C.default_orders.exodus_min_starport
    local code = use_exodus and C.default_orders.exodus or C.default_orders.transport
    local t = data.ship_type(code)
    if c.starport < t.size then
      out[#out + 1] = order(w, "construct", { "starport", tostring(t.size - c.starport) })
    end
    for _ = 1, math.ceil(excess / t.colonists) do out[#out + 1] = order(w, "build", { code }) end
  end
  -- 2. Industries that pay back by the end of the game.
  local workers = production.workers(c.population, 0)
  local most = workers * production.per_worker(techs)
  local turns_left = C.game.length_min - w.turn + 1
  if most > c.industries and p.minerals * turns_left >
      installations.cost("industries", p.minerals, techs, false) then
    out[#out + 1] = order(w, "construct", { "industries", tostring(most - c.industries) })
  end
  -- 3. Bases, then shields.
  out[#out + 1] = order(w, "construct", { "bases" })
  if techs_lib.has(techs, C.installations.shield_tech) then
    out[#out + 1] = order(w, "construct", { "shields" })
  end
  -- 4. Research centres: half what the best production could feed.
  local best = production.produce({ population = c.population, industries = math.max(most,
    c.industries) }, p, c.owner, techs).total
  local centres = math.floor(best / C.research.ip_per_centre / C.default_orders.research_share_divisor)
  if centres > c.research then
    out[#out + 1] = order(w, "construct", { "research", tostring(centres - c.research) })
  end
  return out
end

-- Gives every colony of `race` without orders its default orders.
function D.give(w, race)
  for _, id in ipairs(U.colonies_of(w, race)) do
    local c = w.colonies[id]
    if #c.orders == 0 then c.orders = D.for_colony(w, c) end
  end
end

return D
