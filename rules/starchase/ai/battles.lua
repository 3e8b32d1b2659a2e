-- Simulated MOVE battles for the computer player, with the engine's own arithmetic
-- (battle.fight) and the same inputs lib/movement.lua uses: an ambush set against the
-- attacker's system fires first, and defending cruisers in RETREAT mode with a good retreat
-- location leave before a stronger attack.

local B = {}
local BC = rules.const.battle
local SHIPS = rules.const.ships

local function tech(v, empire, code)
  if empire == v.empire then return v:tech(code) end
  return v:tech_of(empire, code)
end

-- The battle of `attacker` moving n cruisers from `from` into `target`, defended by
-- d = {owner, cruisers, fighters, colony_ships, population, mode, ambush, retreat}.
-- Returns battle.fight's result.
function B.fight(v, attacker, from, n, target, d)
  local input = {
    attackers = n,
    attacker_wt = tech(v, attacker, "WT"),
    attacker_mc = tech(v, attacker, "MC"),
    cruisers = d.cruisers,
    fighters = d.fighters,
    colony_ships = d.colony_ships,
    population = d.population,
    planet = v:is_planet(target),
    defender_wt = tech(v, d.owner, "WT"),
    defender_dt = tech(v, d.owner, "DT"),
    divisor = BC.move_divisor,
    ambush = d.mode == "ambush" and d.ambush == from,
    ambush_extra_loss = BC.ambush_extra_loss,
    population_factor = BC.planet_population_factor,
    colony_ship_strength = SHIPS.colony_ship_strength,
  }
  if d.mode == "retreat" and d.retreat and d.cruisers > 0 and galaxy.linked(target, d.retreat)
      and v:h(d.retreat).owner == d.owner then
    local a, def = battle.strength(input)
    if a > def then input.cruisers = 0 end
  end
  return battle.fight(input)
end

-- The fewest of `most` cruisers from `from` that take `target` (defended by d) with at
-- least `keep` cruisers surviving, and that battle's result; nil if none do. More attackers
-- never do worse in one round (they lose the same or fewer and hit harder), so this is a
-- binary search.
function B.fewest(v, attacker, from, most, target, d, keep)
  local function ok(n)
    local r = B.fight(v, attacker, from, n, target, d)
    return r.won and r.attackers_left >= keep, r
  end
  if most < 1 or not ok(most) then return nil end
  local lo, hi = 1, most
  while lo < hi do
    local mid = math.floor((lo + hi) / 2)
    if ok(mid) then hi = mid else lo = mid + 1 end
  end
  local _, r = ok(lo)
  return lo, r
end

-- The smallest n in lo..hi for which holds(n) is true, given that it stays true once it is;
-- nil if holds(hi) is false.
function B.smallest(lo, hi, holds)
  if lo > hi or not holds(hi) then return nil end
  while lo < hi do
    local mid = math.floor((lo + hi) / 2)
    if holds(mid) then hi = mid else lo = mid + 1 end
  end
  return lo
end

return B
