-- Victory points (section 1.1): points per colony by planet kind, one per population unit in
-- colonies and one more per happy population unit. Population on ships does not count, nor
-- does an empty colony (8.6).

local race_types = import("lib/race_types")

local V = {}

local C = rules.const

-- A race's points from its colonies: list of {kind = planet kind, population, happy};
-- race_type: the race's (16.4.1: a double survivor's barren and minimal terran colonies score).
function V.points(colonies, race_type)
  local total = 0
  local own = {}
  if race_types.count(race_type, "survivor") == 2 then
    own = C.race_types.survivor.double_colony_vps or {}
  end
  for _, c in ipairs(colonies) do
    if c.population > 0 then
      total = total + math.max(C.planets[c.kind].vps, own[c.kind] or 0) +
        c.population * C.victory.per_population
      if c.happy then total = total + c.population * C.victory.per_happy_population end
    end
  end
  return total
end

-- A double traveller's points for population on ships (16.6.1): each unit on board a ship of
-- its double_vps_on types counts as happy population in a colony. ships: {type, population}.
function V.ship_points(ships, race_type)
  if race_types.count(race_type, "traveller") ~= 2 then return 0 end
  local on = {}
  for _, t in ipairs(C.race_types.traveller.double_vps_on or {}) do on[t] = true end
  local total = 0
  for _, s in ipairs(ships) do
    if on[s.type] then
      total = total + (s.population or 0) * (C.victory.per_population +
        C.victory.per_happy_population)
    end
  end
  return total
end

-- A diplomat's points for one turn's allies (16.8, 16.8.1): race_type is the diplomat's,
-- ally_types the race types of the races in play it and they hold allied; 0 for a race of no
-- diplomat type.
function V.ally_points(race_type, ally_types)
  local n = race_types.count(race_type, "diplomat")
  if n == 0 then return 0 end
  local row = n == 2 and C.race_types.diplomat.double_ally_vps or
    C.race_types.diplomat.ally_vps
  local total = 0
  for _, t in ipairs(ally_types) do
    local k = race_types.count(t, "diplomat")
    total = total + (k == 0 and row.other or k == 1 and row.single or row.double)
  end
  return total
end

-- A xenophobe's points for `destroyed` population units of other player races (16.10,
-- 16.10.1): one per race_types.xenophobe.population_per_vp (double_population_per_vp for a
-- double xenophobe), rounded down; 0 for a race of no xenophobe type.
function V.alien_points(race_type, destroyed)
  local n = race_types.count(race_type, "xenophobe")
  if n == 0 then return 0 end
  local X = C.race_types.xenophobe
  return math.floor(destroyed / (n == 2 and X.double_population_per_vp or X.population_per_vp))
end

-- Counts `units` population of race `victim` that race `killer` destroyed (bombing, ships in
-- battle) toward a xenophobe killer's points (16.10): only other player races' population.
function V.destroyed(w, killer, victim, units)
  local r = killer and w.races[killer]
  if not r or not victim or not w.races[victim] or killer == victim or units <= 0 then return end
  if race_types.count(r.race_type, "xenophobe") == 0 then return end
  r.aliens_destroyed = (r.aliens_destroyed or 0) + units
end

return V
