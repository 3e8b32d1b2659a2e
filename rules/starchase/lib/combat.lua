-- Battles of the standard game (rules 3.6-3.9, 4.1-4.4; RULINGS.md "Battles") on the engine's
-- attrition arithmetic (battle.attrition): this file says what a side is made of and how a
-- battle is won; the engine trades the losses.
--
-- A battle is described by `input`: attackers (cruisers), attacker_wt, attacker_mc, cruisers,
-- fighters, colony_ships, population, planet, defender_wt, defender_dt, divisor, rounds
-- (fight on, as ASSAULT does), ambush (the defender fires first), ambush_extra_loss,
-- population_factor, colony_ship_strength.
--
-- Attack strength = attacking warships (each its fleet.attack strength) + WT while any is
-- left. Defence strength = the defending classes (fleet.defenders: cruisers and fighters, each
-- its fleet.strength) + colony ships x their strength + population (x factor on a planet) + DT
-- on a planet with population + WT while any defending unit is left. Classes take losses in
-- the fleet's order (cruisers before fighters); population, industry and colony ships are never
-- lost in the battle itself. `input.attack` and `input.defence` may give the groups
-- ({cruisers = n, ...}); otherwise `attackers` are cruisers and `cruisers`, `fighters` defend.

local M = {}
local fleet = import("lib/fleet")

-- Population's weight in defence (doubled on planets) and the planet's defence tech.
local function home_guard(input)
  local pop = input.population * (input.planet and input.population_factor or 1)
  local dt = (input.planet and input.population > 0) and input.defender_dt or 0
  return pop, dt
end

-- The attacking and the defending group of a battle's input.
local function groups(input)
  local att = input.attack or { cruisers = input.attackers }
  local def = input.defence or { cruisers = input.cruisers, fighters = input.fighters }
  return att, def
end

-- A side of battle.attrition: counts and strengths over classes, in loss order.
local function side(group, classes, strength_of, fixed, while_units)
  local counts, strength = {}, {}
  for i, field in ipairs(classes) do
    counts[i] = group[field] or 0
    strength[i] = strength_of(field)
  end
  return { counts = counts, strength = strength, fixed = fixed, while_units = while_units }
end

-- The attacking side, the defending side and the rules of the exchange.
function M.sides(input)
  local pop, dt = home_guard(input)
  local att, def = groups(input)
  local a = side(att, fleet.warships, fleet.attack_strength, 0, input.attacker_wt)
  local d = side(def, fleet.defenders, fleet.defence_strength,
    input.colony_ship_strength * input.colony_ships + pop + dt, input.defender_wt)
  local rules_ = { divisor = input.divisor, max_rounds = input.rounds and 10000 or 1,
    first_fire = input.ambush and 2 or nil,
    first_fire_extra = input.ambush and input.ambush_extra_loss or 0 }
  return a, d, rules_
end

-- Defence level L: population (x factor on planets) + DT (planet with population) - MC, >= 0.
function M.level(input)
  local pop, dt = home_guard(input)
  return math.max(0, pop + dt - (input.attacker_mc or 0))
end

-- Attack strength A, defence strength D and defence level L before the battle.
function M.strength(input)
  local a, d = M.sides(input)
  return battle.strength(a), battle.strength(d), M.level(input)
end

-- The sum of a list of numbers.
local function sum(list)
  local n = 0
  for _, k in ipairs(list) do n = n + k end
  return n
end

-- A list over classes as a group.
local function as_group(list, classes)
  local group = {}
  for i, field in ipairs(classes) do group[field] = list[i] end
  return group
end

-- Fights the battle: {rounds = {{attack, defence, attackers_lost, <defender>_lost...}, ...},
-- attackers_left, attackers_lost, <defender>_left and <defender>_lost for each defending class
-- (cruisers_lost, fighters_lost), attack_left, attack_lost (groups of the attacker's classes),
-- defence_level, won}.
function M.fight(input)
  local a, d, rules_ = M.sides(input)
  local r = battle.attrition(a, d, rules_)
  local out = { rounds = {}, attackers_lost = 0 }
  local lost_a = {}
  for i = 1, #fleet.warships do lost_a[i] = 0 end
  for _, field in ipairs(fleet.defenders) do out[field .. "_lost"] = 0 end
  for i, round in ipairs(r.rounds) do
    local row = { attack = round.strength[1], defence = round.strength[2],
      attackers_lost = sum(round.lost[1]) }
    for k, n in ipairs(round.lost[1]) do lost_a[k] = lost_a[k] + n end
    for k, field in ipairs(fleet.defenders) do
      row[field .. "_lost"] = round.lost[2][k]
      out[field .. "_lost"] = out[field .. "_lost"] + round.lost[2][k]
    end
    out.rounds[i] = row
    out.attackers_lost = out.attackers_lost + row.attackers_lost
  end
  out.attack_left = as_group(r.left[1], fleet.warships)
  out.attack_lost = as_group(lost_a, fleet.warships)
  out.attackers_left = sum(r.left[1])
  for k, field in ipairs(fleet.defenders) do out[field .. "_left"] = r.left[2][k] end
  out.defence_level = M.level(input)
  out.won = sum(r.left[2]) == 0 and out.attackers_left >= 1
    and out.attackers_left + input.attacker_wt > out.defence_level
  return out
end

-- The same battle without tables (for the computer players, who simulate many): won,
-- attackers_left, cruisers_left, fighters_left, defence_level, attackers_lost, cruisers_lost,
-- fighters_lost. Positional: n attackers, attacker WT and MC, the defence's cruisers, fighters,
-- colony ships, population, planet, WT and DT, then divisor, rounds, ambush, the ambush's extra
-- loss, the population factor and the colony ship strength; `guard` (optional) is the strength
-- of defending classes beyond cruisers and fighters (a variant's), counted as never lost.
function M.outcome(n, awt, amc, c, f, col, pop, planet, dwt, ddt, divisor, rounds, ambush,
    extra, factor, col_strength, guard)
  local p = pop * (planet and factor or 1)
  local dt = (planet and pop > 0) and ddt or 0
  local _, left, _, _, _, crs, ftr = battle.attrition_left(divisor, rounds and 10000 or 1,
    ambush and 2 or 0, ambush and extra or 0,
    0, awt, n, 1, 0, 0, 0, 0, 0, 0,
    col_strength * col + p + dt + (guard or 0), dwt, c, 1, f, 1, 0, 0, 0, 0)
  local level = math.max(0, p + dt - amc)
  local ok = crs + ftr == 0 and left >= 1 and left + awt > level
  return ok, left, crs, ftr, level, n - left, c - crs, f - ftr
end

return M
