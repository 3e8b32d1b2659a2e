-- Set-up: empires take their start positions (rule 1.2) and the first order of play is drawn
-- (rule 2.15). info.homes lists {star, planet, empire?}; empires without a fixed home are
-- allocated to the free ones at random.

local P = { scope = "game" }

local function place(sys, owner, t)
  state.set_holding(sys, {
    owner = owner,
    population = t.population,
    industry = t.industry,
    cruisers = t.cruisers,
    fighters = t.fighters,
    colony_ships = t.colony_ships,
    ever_owned = true,
  })
end

function P.run(_, info)
  local S = rules.const.start
  local empires = state.empires()
  local home_of, free = {}, {}
  for _, h in ipairs(info.homes) do
    if h.empire then home_of[h.empire] = h else free[#free + 1] = h end
  end
  rng.shuffle(free)
  local k = 0
  for _, e in ipairs(empires) do
    if not home_of[e] then
      k = k + 1
      home_of[e] = free[k]
    end
  end
  for _, e in ipairs(empires) do
    local h = home_of[e]
    place(h.star, e, S.home_star)
    local home = h.star
    if h.planet then
      place(h.planet, e, S.home_planet)
      home = h.planet
    end
    -- Unused BPs build cruisers at the base (the home star) and fighters at home (the planet).
    state.set_empire(e, { treasury = S.treasury, base = h.star, home = home })
  end
  if not info.fixed_order then
    local order = state.empires()
    rng.shuffle(order)
    state.set_order(order)
  end
end

return P
