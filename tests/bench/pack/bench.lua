-- Benchmark scripts (tests/bench/bench_battle.cpp): the MOVE battle of lib/movement.lua as the
-- pack fights it, state lookups included, to set against the same lookups and arithmetic done in
-- C++. Each function fights n battles in a loop, so the per-battle cost excludes the engine's
-- protected call, and returns how many the attacker won. ARC attacks BEL's 102 from 101; the
-- attackers vary from battle to battle.

local B = {}
local BC = rules.const.battle
local SHIPS = rules.const.ships
local st = import("lib/st")
local combat = import("lib/combat")

-- The battle's input read from the state, as lib/movement.lua reads it.
local function input_of(n, empire, from, to)
  local h = state.holding(to)
  local defender = h.owner
  return {
    attackers = n,
    attacker_wt = st.tech(empire, "WT"),
    attacker_mc = st.tech(empire, "MC"),
    cruisers = h.cruisers,
    fighters = h.fighters,
    colony_ships = h.colony_ships,
    population = h.population,
    planet = galaxy.kind(to) == "planet",
    defender_wt = st.tech(defender, "WT"),
    defender_dt = st.tech(defender, "DT"),
    divisor = BC.move_divisor,
    rounds = false,
    ambush = h.mode == "ambush" and h.ambush == from,
    ambush_extra_loss = BC.ambush_extra_loss,
    population_factor = BC.planet_population_factor,
    colony_ship_strength = SHIPS.colony_ship_strength,
  }
end

-- Lookups, then combat.fight: tables in and out (what lib/movement.lua does).
function B.fight(n)
  local won = 0
  for i = 1, n do
    local r = combat.fight(input_of(8 + i % 8, "ARC", 101, 102))
    if r.won then won = won + 1 end
  end
  return won
end

-- Lookups, then combat.outcome: numbers through the FFI (what the computer players use).
function B.outcome(n)
  local won = 0
  for i = 1, n do
    local x = input_of(8 + i % 8, "ARC", 101, 102)
    local w = combat.outcome(x.attackers, x.attacker_wt, x.attacker_mc, x.cruisers, x.fighters,
      x.colony_ships, x.population, x.planet, x.defender_wt, x.defender_dt, x.divisor, x.rounds,
      x.ambush, x.ambush_extra_loss, x.population_factor, x.colony_ship_strength)
    if w then won = won + 1 end
  end
  return won
end

return B
