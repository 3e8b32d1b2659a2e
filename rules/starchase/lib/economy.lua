-- Economy rules shared by set-up, end of turn and reports (rules 2.7, 2.10, 2.12, 2.13, 2.14).

local E = {}
local extra = import("lib/income_extra")
local st = import("lib/st")
local fleet = import("lib/fleet")
local SHIPS = rules.const.ships
local ECON = rules.const.economy

-- Productive population limit of a system for an empire: the kind's limit, or the level of
-- the kind's pop_limit_tech (black dwarfs: Life Support) for growth, building and overpopulation.
function E.pop_limit(empire, sys)
  local kind = rules.kind[galaxy.kind(sys)]
  if kind.pop_limit_tech then return st.tech(empire, kind.pop_limit_tech) end
  return kind.pop_limit
end

-- Ships one build may make in a system (rules 2.9, 6.1; RULINGS.md "Economy"): at most
-- min(population, industry). The population limit caps the population only where the kind's
-- limit is a tech level (black dwarfs: Life Support); elsewhere all the population counts.
function E.build_limit(empire, sys)
  local h = state.holding(sys)
  local pop = h.population
  if rules.kind[galaxy.kind(sys)].pop_limit_tech then
    pop = math.min(pop, E.pop_limit(empire, sys))
  end
  return math.min(pop, h.industry)
end

-- Population limit for income: 0 where the kind yields no income (black dwarfs).
function E.income_limit(empire, sys)
  local kind = rules.kind[galaxy.kind(sys)]
  if not kind.yields_income then return 0 end
  return E.pop_limit(empire, sys)
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
  return strength(h) + SHIPS.colony_ship_strength * h.colony_ships
end

-- True if a planet is blockaded: its parent star is owned by another empire whose ships
-- there outweigh the planet's population plus cruisers (rule 2.14). Only planets: an asteroid
-- belt is in space, where industry is "easily captured" but not blockaded (rule 2.8).
function E.blockaded(sys)
  if galaxy.kind(sys) ~= "planet" then return false end
  local h = state.holding(sys)
  local star = galaxy.parent(sys)
  local s = state.holding(star)
  if not s.owner or not h.owner or s.owner == h.owner then return false end
  return E.blockade_strength(s) > h.population + strength(h, fleet.warships)
end

-- Income of one system for its owner (rule 2.10).
function E.system_income(empire, sys)
  local h = state.holding(sys)
  if h.owner ~= empire then return 0 end
  if E.blockaded(sys) then return 0 end
  local p = math.min(h.population, E.income_limit(empire, sys))
  local income = p + math.min(p, h.industry)
  if galaxy.kind(sys) == "planet" then
    income = income + math.min(p, st.tech(empire, "AT"))
  else
    income = income + math.min(h.industry, p, st.tech(empire, "IT"))
  end
  return income + extra.system(empire, sys, p)
end

-- Population above the limit in a system (rule 2.13).
function E.overpopulation(empire, sys)
  local h = state.holding(sys)
  return math.max(0, h.population - E.pop_limit(empire, sys))
end

-- Supply cost of one system (rule 2.12): ship build cost / 3 - effective population - ST,
-- never below 0, plus one per population above the limit.
function E.system_supply(empire, sys)
  local h = state.holding(sys)
  if h.owner ~= empire then return 0 end
  local cost = 0
  for _, field in ipairs(fleet.supplied) do cost = cost + h[field] * fleet.cost(field) end
  local p = math.min(h.population, E.pop_limit(empire, sys))
  local supply = math.floor(cost / ECON.supply_divisor) - p - st.tech(empire, "ST")
  return math.max(0, supply) + E.overpopulation(empire, sys)
end

-- Total income of an empire: every owned system plus BP income tech.
function E.income(empire)
  local total = st.tech(empire, "BP")
  for _, sys in ipairs(st.owned(empire)) do total = total + E.system_income(empire, sys) end
  return total
end

-- Total supply cost of an empire.
function E.supply(empire)
  local total = 0
  for _, sys in ipairs(st.owned(empire)) do total = total + E.system_supply(empire, sys) end
  return total
end

return E
