-- Simulated MOVE battles for the computer player, with the engine's own arithmetic and the
-- same inputs lib/movement.lua uses: an ambush set against the attacker's system fires first,
-- and defending cruisers in RETREAT mode with a good retreat location leave before a stronger
-- attack. It uses combat.outcome (the battle arithmetic without tables): the players
-- simulate hundreds of battles a turn.

local B = {}
local mmax, mfloor = math.max, math.floor
local CONST = import("ai/const")
local combat = import("lib/combat")
local fleet = import("lib/fleet")
local BC = CONST.battle
local SHIPS = CONST.ships

-- Strength of a defence's ships beyond cruisers and fighters (a variant's classes): the
-- simulation counts it as never lost, an estimate on the cautious side.
-- (Those classes and their strengths are listed once: none in the standard game.)
local GUARDS, GUARD_STRENGTH = {}, {}
for _, field in ipairs(fleet.defenders) do
  if field ~= "cruisers" and field ~= "fighters" then
    GUARDS[#GUARDS + 1] = field
    GUARD_STRENGTH[#GUARDS] = fleet.defence_strength(field)
  end
end
local function guard_of(d)
  local n = 0
  for i = 1, #GUARDS do
    n = n + (d[GUARDS[i]] or 0) * GUARD_STRENGTH[i]
  end
  return n
end

local function tech(v, empire, code)
  if empire == v.empire then return v:tech(code) end
  return v:tech_of(empire, code)
end

-- The fixed inputs of attacks by `attacker` from `from` on `target` defended by
-- d = {owner, cruisers, fighters, colony_ships, population, mode, ambush, retreat}: attacker
-- WT and MC, defender WT and DT, planet, ambush, the defending cruisers (-1: decided per
-- attack) and the guard. Returned as values, not a closure: the computer players simulate
-- over a hundred thousand battles a game, and a closure per battle was their largest garbage.
local function inputs_of(v, attacker, from, target, d)
  local awt, amc = tech(v, attacker, "WT"), tech(v, attacker, "MC")
  local dwt, ddt = tech(v, d.owner, "WT"), tech(v, d.owner, "DT")
  local planet = v:is_planet(target)
  local ambush = d.mode == "ambush" and d.ambush == from
  local cruisers = d.cruisers
  if d.mode == "retreat" and d.retreat and d.cruisers > 0 and galaxy.linked(target, d.retreat)
      and v:h(d.retreat).owner == d.owner then
    cruisers = -1 -- decided per attack: they leave if the attack is the stronger
  end
  return awt, amc, dwt, ddt, planet, ambush, cruisers, guard_of(d)
end

-- battle.outcome's results for n attacking cruisers against d, given inputs_of's values.
local function outcome_of(d, n, awt, amc, dwt, ddt, planet, ambush, cruisers, guard)
  local c = cruisers
  if c < 0 then
    local a, def = combat.strength({
      attackers = n, attacker_wt = awt, cruisers = d.cruisers, fighters = d.fighters,
      colony_ships = d.colony_ships, population = d.population, planet = planet,
      defender_wt = dwt, defender_dt = ddt, population_factor = BC.planet_population_factor,
      colony_ship_strength = SHIPS.colony_ship_strength,
    })
    c = a > def and 0 or d.cruisers
  end
  return combat.outcome(n, awt, amc, c, d.fighters, d.colony_ships, d.population, planet, dwt,
    ddt, BC.move_divisor, false, ambush, BC.ambush_extra_loss, BC.planet_population_factor,
    SHIPS.colony_ship_strength, guard)
end

-- The battle of `attacker` moving n cruisers from `from` into `target`, defended by d.
-- Returns {won, attackers_left, cruisers_left, fighters_left, defence_level, attackers_lost,
-- cruisers_lost, fighters_lost}.
function B.fight(v, attacker, from, n, target, d)
  local won, left, crs, ftr, level, alost, clost, flost =
    outcome_of(d, n, inputs_of(v, attacker, from, target, d))
  return { won = won, attackers_left = left, cruisers_left = crs, fighters_left = ftr,
    defence_level = level, attackers_lost = alost, cruisers_lost = clost, fighters_lost = flost }
end

-- The smallest n in lo..hi for which holds(n) is true, given that it stays true once it is;
-- nil if holds(hi) is false.
function B.smallest(lo, hi, holds)
  if lo > hi or not holds(hi) then return nil end
  while lo < hi do
    local mid = mfloor((lo + hi) / 2)
    if holds(mid) then hi = mid else lo = mid + 1 end
  end
  return lo
end

-- True if the battle of B.fight is won (no result table: the defence plans ask thousands).
function B.wins(v, attacker, from, n, target, d)
  return (outcome_of(d, n, inputs_of(v, attacker, from, target, d)))
end

-- The fewest of `most` cruisers from `from` that take `target` (defended by d) with at
-- least `keep` cruisers surviving, and that battle's result; nil if none do. More attackers
-- never do worse in one round (they lose the same or fewer and hit harder), so this is a
-- binary search.
-- (B.smallest's search written out, without a closure per call: the attack step asks for
-- every target and staging system.)
function B.fewest(v, attacker, from, most, target, d, keep)
  local awt, amc, dwt, ddt, planet, ambush, cruisers, guard =
    inputs_of(v, attacker, from, target, d)
  local lo, hi = 1, most
  if lo > hi then return nil end
  -- A battle is won only if the attackers left (never more than were sent) and their WT beat
  -- the defence level: when all `most` cannot, no battle needs simulating.
  local pop = d.population * (planet and BC.planet_population_factor or 1)
  local level = mmax(0, pop + ((planet and d.population > 0) and ddt or 0) - amc)
  if most + awt <= level then return nil end
  -- The result of the last battle that held, which the search ends on.
  local won, left, crs, ftr, lvl, alost, clost, flost =
    outcome_of(d, hi, awt, amc, dwt, ddt, planet, ambush, cruisers, guard)
  if not (won and left >= keep) then return nil end
  local r = { won = won, attackers_left = left, cruisers_left = crs, fighters_left = ftr,
    defence_level = lvl, attackers_lost = alost, cruisers_lost = clost, fighters_lost = flost }
  while lo < hi do
    local mid = mfloor((lo + hi) / 2)
    won, left, crs, ftr, lvl, alost, clost, flost =
      outcome_of(d, mid, awt, amc, dwt, ddt, planet, ambush, cruisers, guard)
    if won and left >= keep then
      hi = mid
      r.won, r.attackers_left, r.cruisers_left, r.fighters_left = won, left, crs, ftr
      r.defence_level, r.attackers_lost, r.cruisers_lost, r.fighters_lost = lvl, alost, clost,
        flost
    else
      lo = mid + 1
    end
  end
  return lo, r
end

return B
