-- Benchmark scripts (tests/bench/bench_battle.cpp): battles computed by a script, to set
-- against the same battles computed in C++ (hl::fight). Each function fights n battles in a
-- loop, so the per-battle cost excludes the engine's protected call, and returns how many the
-- attacker won. The inputs are those of lib/movement.lua's MOVE battle; the attackers vary
-- from battle to battle.

local B = {}
local BC = rules.const.battle
local SHIPS = rules.const.ships

-- With battle.fight: an input table in, a result table out (what action scripts use).
function B.fight(n)
  local won = 0
  for i = 1, n do
    local r = battle.fight({
      attackers = 8 + i % 8,
      attacker_wt = 3,
      attacker_mc = 1,
      cruisers = 5,
      fighters = 4,
      colony_ships = 0,
      population = 3,
      planet = false,
      defender_wt = 2,
      defender_dt = 1,
      divisor = BC.move_divisor,
      rounds = false,
      ambush = true,
      ambush_extra_loss = BC.ambush_extra_loss,
      population_factor = BC.planet_population_factor,
      colony_ship_strength = SHIPS.colony_ship_strength,
    })
    if r.won then won = won + 1 end
  end
  return won
end

-- With battle.outcome: the same numbers as arguments and results (what the computer players'
-- simulations use).
function B.outcome(n)
  local won = 0
  local div, extra = BC.move_divisor, BC.ambush_extra_loss
  local factor, col = BC.planet_population_factor, SHIPS.colony_ship_strength
  for i = 1, n do
    local w = battle.outcome(8 + i % 8, 3, 1, 5, 4, 0, 3, false, 2, 1, div, false, true, extra,
      factor, col)
    if w then won = won + 1 end
  end
  return won
end

return B
