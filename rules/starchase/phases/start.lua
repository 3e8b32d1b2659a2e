-- Set-up: empires take their start positions (rule 1.2) and the first order of play is drawn
-- (rule 2.15). info.starts lists {star, planet, empire?} (from galaxy.generate or a fixed
-- map's [[start]] tables); empires without a fixed home are allocated to the free ones at random.

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
  local used = {}
  for i, h in ipairs(info.starts) do
    -- A start is an unused star, with a planet of that star if it names one.
    if type(h.star) ~= "number" or not galaxy.exists(h.star) or galaxy.is_inner(h.star) then
      error(string.format("start position %d: star %s is not a star of the map", i,
        tostring(h.star)), 0)
    end
    if used[h.star] then
      error(string.format("star %s is used by two start positions", galaxy.code(h.star)), 0)
    end
    used[h.star] = true
    if h.planet ~= nil and (type(h.planet) ~= "number" or not galaxy.exists(h.planet)
        or galaxy.parent(h.planet) ~= h.star) then
      error(string.format("home planet %s does not orbit star %s", tostring(h.planet),
        galaxy.code(h.star)), 0)
    end
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
