-- Bombing and planetary defences (sections 11.1-11.3). A fleet's bombing capability is the sum
-- of its ships' (Table 4, more with Smart Bombs); each point is one hit. Shields absorb hits
-- first; every other hit lands on defence bases, other installations or population by the
-- shares of 11.1, and a share whose target is absent passes to the others in proportion.

local data = import("lib/data")
local installations = import("lib/installations")
local techs_lib = import("lib/techs")

local B = {}

local C = rules.const

-- A fleet's bombing capability (11.1). ships = list of {type = ship type code}; techs: the
-- owner's (Smart Bombs).
function B.capability(ships, techs)
  local smart = techs_lib.has(techs, C.bombing.smart_tech) and 2 or 1
  local total = 0
  for _, s in ipairs(ships) do
    local t = data.ship_type(s.type)
    if t.bombing then total = total + t.bombing[smart] end
  end
  return total
end

-- The defenders a colony fires with in one phase (11.2): operable defence bases plus a fifth of
-- the fighting population, rounded up; at most probe_defenders against a probe (11.3). Bases
-- constructed in the phase (`fresh`) do not fire in it (8.2). colony = {population, bases}.
function B.defenders(colony, techs, probe, fresh)
  local fighting = installations.fighting(colony.population)
  local bases = math.min(math.max(0, colony.bases - (fresh or 0)),
    installations.operable_bases(colony.population, techs))
  local n = bases + math.ceil(fighting / C.defences.population_per_defender)
  if probe then n = math.min(n, C.defences.probe_defenders) end
  return n
end

-- Weights of the named shares whose target is present (present[name] > 0), in `names` order.
local function shares(names, keys, present)
  local list, weights = {}, {}
  for _, name in ipairs(names) do
    if (present[name] or 0) > 0 and keys[name] > 0 then
      list[#list + 1] = name
      weights[#weights + 1] = keys[name]
    end
  end
  return list, weights
end

-- The first split of a hit (11.1): groups "bases", "other", "population" with their weights,
-- leaving out those with nothing to hit.
local function groups(colony, bio)
  local other = (colony.industries or 0) + (colony.starport or 0) + (colony.research or 0)
  local people = (colony.population or 0) + (colony.slaves or 0)
  return shares({ "bases", "other", "population" }, bio and C.bombing.hits_bio or C.bombing.hits,
    { bases = colony.bases or 0, other = other, population = people })
end

-- The second split of a hit on "other" installations or on "population": targets (industries,
-- starport, research; population, slaves) with their weights.
local function targets(group, colony, bio)
  if group == "other" then
    return shares({ "industries", "starport", "research" }, C.bombing.other, colony)
  end
  local list, weights = shares({ "regular", "slaves" },
    bio and C.bombing.population_bio or C.bombing.population,
    { regular = colony.population or 0, slaves = colony.slaves or 0 })
  for i, name in ipairs(list) do
    if name == "regular" then list[i] = "population" end
  end
  return list, weights
end

-- What one hit destroys in `colony` ({shields, bases, industries, starport, research,
-- population, slaves}): "shields", "bases", "industries", "starport", "research", "population"
-- or "slaves"; nil if nothing is left to hit. `bio`: the attacker has Bio-weapons.
function B.hit(colony, bio)
  if (colony.shields or 0) > 0 then return "shields" end
  local first, w = groups(colony, bio)
  if #first == 0 then return nil end
  local group = first[rng.weighted(w)]
  if group == "bases" then return "bases" end
  local list, weights = targets(group, colony, bio)
  return list[rng.weighted(weights)]
end

-- The sum of a list of numbers.
local function sum(list)
  local total = 0
  for _, x in ipairs(list) do total = total + x end
  return total
end

-- The chance in [0, 1] that a hit after the shields lands on each target: {bases =,
-- industries =, starport =, research =, population =, slaves =} (absent targets left out).
function B.hit_chances(colony, bio)
  local out = {}
  local first, w = groups(colony, bio)
  for i, group in ipairs(first) do
    local p = w[i] / sum(w)
    if group == "bases" then
      out.bases = p
    else
      local list, weights = targets(group, colony, bio)
      for j, name in ipairs(list) do out[name] = p * weights[j] / sum(weights) end
    end
  end
  return out
end

-- True once a colony has neither defence bases nor population (11.1).
function B.destroyed(colony)
  return (colony.bases or 0) == 0 and (colony.population or 0) == 0 and (colony.slaves or 0) == 0
end

return B
