-- Battles of the standard game (rules 3.6-3.9, 4.1-4.4; RULINGS.md "Battles") on the engine's
-- attrition arithmetic (battle.attrition): this file says what a side is made of and how a
-- battle is won; the engine trades the losses.
--
-- A battle is described by `input`: attackers (cruisers), attacker_wt, attacker_mc, cruisers,
-- fighters, colony_ships, population, planet, defender_wt, defender_dt, divisor, rounds
-- (fight on, as ASSAULT does), ambush (the defender fires first), ambush_extra_loss,
-- population_factor, colony_ship_strength.
--
-- Attack strength = attacking cruisers + WT while any is left. Defence strength = cruisers +
-- fighters + colony ships x their strength + population (x factor on a planet) + DT on a planet
-- with population + WT while any cruiser or fighter is left. Cruisers take losses before
-- fighters; population, industry and colony ships are never lost in the battle itself.

local M = {}

-- Population's weight in defence (doubled on planets) and the planet's defence tech.
local function home_guard(input)
  local pop = input.population * (input.planet and input.population_factor or 1)
  local dt = (input.planet and input.population > 0) and input.defender_dt or 0
  return pop, dt
end

-- The attacking side, the defending side and the rules of the exchange.
function M.sides(input)
  local pop, dt = home_guard(input)
  local a = { counts = { input.attackers }, strength = { 1 }, fixed = 0,
    while_units = input.attacker_wt }
  local d = { counts = { input.cruisers, input.fighters }, strength = { 1, 1 },
    fixed = input.colony_ship_strength * input.colony_ships + pop + dt,
    while_units = input.defender_wt }
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

-- True if the attack takes the system: the defending fleet is gone and at least one attacking
-- cruiser survives with survivors + WT above the defence level.
local function won(input, left, cruisers, fighters, level)
  return cruisers + fighters == 0 and left >= 1 and left + input.attacker_wt > level
end

-- Fights the battle: {rounds = {{attack, defence, attackers_lost, cruisers_lost,
-- fighters_lost}, ...}, attackers_left, cruisers_left, fighters_left, defence_level, won,
-- attackers_lost, cruisers_lost, fighters_lost}.
function M.fight(input)
  local a, d, rules_ = M.sides(input)
  local r = battle.attrition(a, d, rules_)
  local out = { rounds = {}, attackers_lost = 0, cruisers_lost = 0, fighters_lost = 0 }
  for i, round in ipairs(r.rounds) do
    local al, cl, fl = round.lost[1][1], round.lost[2][1], round.lost[2][2]
    out.rounds[i] = { attack = round.strength[1], defence = round.strength[2],
      attackers_lost = al, cruisers_lost = cl, fighters_lost = fl }
    out.attackers_lost = out.attackers_lost + al
    out.cruisers_lost = out.cruisers_lost + cl
    out.fighters_lost = out.fighters_lost + fl
  end
  out.attackers_left, out.cruisers_left, out.fighters_left = r.left[1][1], r.left[2][1],
    r.left[2][2]
  out.defence_level = M.level(input)
  out.won = won(input, out.attackers_left, out.cruisers_left, out.fighters_left,
    out.defence_level)
  return out
end

-- The same battle without tables (for the computer players, who simulate many): won,
-- attackers_left, cruisers_left, fighters_left, defence_level, attackers_lost, cruisers_lost,
-- fighters_lost. Positional: n attackers, attacker WT and MC, the defence's cruisers, fighters,
-- colony ships, population, planet, WT and DT, then divisor, rounds, ambush, the ambush's extra
-- loss, the population factor and the colony ship strength.
function M.outcome(n, awt, amc, c, f, col, pop, planet, dwt, ddt, divisor, rounds, ambush,
    extra, factor, col_strength)
  local p = pop * (planet and factor or 1)
  local dt = (planet and pop > 0) and ddt or 0
  local _, left, _, _, _, crs, ftr = battle.attrition_left(divisor, rounds and 10000 or 1,
    ambush and 2 or 0, ambush and extra or 0,
    0, awt, n, 1, 0, 0, 0, 0, 0, 0,
    col_strength * col + p + dt, dwt, c, 1, f, 1, 0, 0, 0, 0)
  local level = math.max(0, p + dt - amc)
  local ok = crs + ftr == 0 and left >= 1 and left + awt > level
  return ok, left, crs, ftr, level, n - left, c - crs, f - ftr
end

return M
