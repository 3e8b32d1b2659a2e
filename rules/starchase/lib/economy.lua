-- Economy rules shared by set-up, end of turn and reports (rules 2.7, 2.10, 2.12, 2.13, 2.14).

local E = {}
local extra = import("lib/income_extra")
local st = import("lib/st")
local fleet = import("lib/fleet")
-- math's functions as locals: a library table is a read-only view too, so each `math.min` is
-- a metamethod lookup, and these run for every owned system every turn.
local min, max, floor = math.min, math.max, math.floor
local COLONY_SHIP_STRENGTH = rules.const.ships.colony_ship_strength
local SUPPLY_DIVISOR = rules.const.economy.supply_divisor

-- Each kind's economy fields (its rules.kind row), copied once into plain tables: rules' tables
-- are read-only views, each read a metamethod lookup, and income and supply read these for
-- every owned system every turn.
local KIND = {}
for code, k in pairs(rules.kind) do
  KIND[code] = { pop_limit = k.pop_limit, pop_limit_tech = k.pop_limit_tech,
    yields_income = k.yields_income }
end

-- The population limit of a kind (its rules.kind row) for an empire; techs: the empire's tech
-- levels if read already (st.techs), else each is read when needed.
local function pop_limit_of(empire, kind, techs)
  local tech = kind.pop_limit_tech
  if tech then
    if techs then return techs[tech] or 0 end
    return st.tech(empire, tech)
  end
  return kind.pop_limit
end

-- Productive population limit of a system for an empire: the kind's limit, or the level of
-- the kind's pop_limit_tech (black dwarfs: Life Support) for growth, building and overpopulation.
function E.pop_limit(empire, sys)
  return pop_limit_of(empire, KIND[galaxy.kind(sys)])
end

-- Ships one build may make in a system (rules 2.9, 6.1; RULINGS.md "Economy"): at most
-- min(population, industry). The population limit caps the population only where the kind's
-- limit is a tech level (black dwarfs: Life Support); elsewhere all the population counts.
function E.build_limit(empire, sys)
  local h = state.holding(sys)
  local pop = h.population
  local kind = KIND[galaxy.kind(sys)]
  if kind.pop_limit_tech then
    pop = min(pop, pop_limit_of(empire, kind))
  end
  return min(pop, h.industry)
end

-- Population limit for income: 0 where the kind yields no income (black dwarfs).
local function income_limit_of(empire, kind, techs)
  if not kind.yields_income then return 0 end
  return pop_limit_of(empire, kind, techs)
end

function E.income_limit(empire, sys)
  return income_limit_of(empire, KIND[galaxy.kind(sys)])
end

-- Strength of a holding's ships of some classes (default: the defenders, cruisers and
-- fighters), each unit counting its defence strength.
local function strength(h, classes)
  local n = 0
  for _, field in ipairs(classes or fleet.defenders) do
    n = n + h[field] * fleet.defence_strength(field)
  end
  return n
end

-- Blockade strength of a holding: cruisers + fighters + 5 x colony ships.
function E.blockade_strength(h)
  return strength(h) + COLONY_SHIP_STRENGTH * h.colony_ships
end

-- blockaded for a planet whose holding is h: the star's holding is copied only when its owner
-- could blockade (these run for every owned system in every income).
local function planet_blockaded(sys, h)
  local star = galaxy.parent(sys)
  local star_owner = state.value("holding", star, "owner")
  if not star_owner or not h.owner or star_owner == h.owner then return false end
  return E.blockade_strength(state.holding(star)) > h.population + strength(h, fleet.warships)
end

-- True if a planet is blockaded: its parent star is owned by another empire whose ships
-- there outweigh the planet's population plus cruisers (rule 2.14). Only planets: an asteroid
-- belt is in space, where industry is "easily captured" but not blockaded (rule 2.8).
function E.blockaded(sys)
  if galaxy.kind(sys) ~= "planet" then return false end
  return planet_blockaded(sys, state.holding(sys))
end

-- Income of one system for its owner (rule 2.10); techs: the empire's tech levels, if read
-- already (st.techs); h: the system's holding, if copied already; code: its kind and
-- blockaded: whether it is a blockaded planet, if worked out already.
local function system_income(empire, sys, techs, h, code, blockaded)
  h = h or state.holding(sys)
  if h.owner ~= empire then return 0 end
  code = code or galaxy.kind(sys)
  if code == "planet" then
    if blockaded == nil then blockaded = planet_blockaded(sys, h) end
    if blockaded then return 0 end
  end
  local p = min(h.population, income_limit_of(empire, KIND[code], techs))
  local income = p + min(p, h.industry)
  if code == "planet" then
    income = income + min(p, techs and (techs.AT or 0) or st.tech(empire, "AT"))
  else
    income = income + min(h.industry, p, techs and (techs.IT or 0) or st.tech(empire, "IT"))
  end
  return income + extra.system(empire, sys, p)
end

function E.system_income(empire, sys)
  return system_income(empire, sys)
end

-- Population above the limit in a system (rule 2.13).
function E.overpopulation(empire, sys)
  return max(0, state.value("holding", sys, "population") - E.pop_limit(empire, sys))
end

-- Supply cost of one system (rule 2.12): ship build cost / 3 - effective population - ST,
-- never below 0, plus one per population above the limit; code: its kind, if read already.
local function system_supply(empire, sys, techs, h, code)
  h = h or state.holding(sys)
  if h.owner ~= empire then return 0 end
  local cost = 0
  for _, field in ipairs(fleet.supplied) do cost = cost + h[field] * fleet.cost(field) end
  local limit = pop_limit_of(empire, KIND[code or galaxy.kind(sys)], techs)
  local p = min(h.population, limit)
  local supply = floor(cost / SUPPLY_DIVISOR) - p
    - (techs and (techs.ST or 0) or st.tech(empire, "ST"))
  return max(0, supply) + max(0, h.population - limit)
end

function E.system_supply(empire, sys)
  return system_supply(empire, sys)
end

-- What an empire's report shows of one system it owns (rules 2.10, 2.12-2.14), from its tech
-- levels (st.techs) and the system's holding h, read once by the caller: {income, supply,
-- pop_limit, overpopulation, blockaded}, as E.system_income, E.system_supply, E.pop_limit,
-- E.overpopulation and E.blockaded give them one by one.
function E.owned_system(empire, sys, techs, h)
  local code = galaxy.kind(sys)
  local limit = pop_limit_of(empire, KIND[code], techs)
  local blockaded = code == "planet" and planet_blockaded(sys, h)
  return {
    income = system_income(empire, sys, techs, h, code, blockaded),
    supply = system_supply(empire, sys, techs, h, code),
    pop_limit = limit,
    overpopulation = max(0, h.population - limit),
    blockaded = blockaded,
  }
end

-- Total income of an empire: every owned system plus BP income tech.
function E.income(empire)
  local techs = st.techs(empire)
  local total = techs.BP or 0
  for _, sys in ipairs(st.owned(empire)) do total = total + system_income(empire, sys, techs) end
  return total
end

-- Total supply cost of an empire.
function E.supply(empire)
  local techs = st.techs(empire)
  local total = 0
  for _, sys in ipairs(st.owned(empire)) do total = total + system_supply(empire, sys, techs) end
  return total
end

-- E.income and E.supply together, copying each owned system's holding once (the balance
-- phase runs for every empire every turn).
function E.income_and_supply(empire)
  local techs = st.techs(empire)
  local income, supply = techs.BP or 0, 0
  for _, sys in ipairs(st.owned(empire)) do
    local h = state.holding(sys)
    income = income + system_income(empire, sys, techs, h)
    supply = supply + system_supply(empire, sys, techs, h)
  end
  return income, supply
end

return E
