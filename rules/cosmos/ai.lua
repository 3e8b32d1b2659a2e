-- The computer player (issue 15): it explores, colonises, researches and defends, from what its
-- race knows (its chart and surveys, its own units), never from the GM's view.
--
--   type       on turn 1, one of constants.ai.race_types at random (16)
--   research   the first technology of constants.ai.research it may research now; the rest
--              of the points go to the cheapest, as for everyone (14)
--   explore    scout and corvette fleets without orders farmove to the nearest unexplored
--              system nobody else of the race is heading for, and explore it; the home colony
--              builds an explorer in the first turns
--   colonise   colonies send colony transports (two to a planet) to the best free planets
--              surveyed, nearest first, or to unexplored systems (colonize explores first), for
--              the population that growth would not find room for and whatever else they can
--              spare above constants.ai.keep_population
--   develop    industries up to what the population runs, research centres, defence bases and
--              starport up to half the population (8.3)
--   defend     colonies whose system saw enemy warships, and every colony from
--              constants.ai.guard_from_turn on, keep a frigate or more at home
--
-- plan(world, race) returns the race's orders as the turnsheet grammar reads them (turn.lua).
-- orders(empire, mode) is the engine's older hook for computer sheets; the turn asks plan()
-- itself, so that returns no orders.

local U = import("lib/units")
local data = import("lib/data")
local installations = import("lib/installations")
local population = import("lib/population")
local production = import("lib/production")
local ships_lib = import("lib/ships")
local techs_lib = import("lib/techs")

local AI = {}

local C = rules.const
local A = C.ai

-- An order as the grammar gives it.
local function order(verb, args, embedded)
  return { verb = verb, args = args or {}, line = 0, embedded = embedded }
end

-- What the race knows: unexplored systems on its map, free planets it surveyed.
local function knowledge(w, race)
  local chart = w.charts[race]
  local unexplored, planets = {}, {}
  for _, hex in ipairs(sorted_keys(chart.mapped)) do
    local k = rules.kind[galaxy.kind(hex)]
    if (k.system or "") ~= "" and not chart.explored[hex] then unexplored[#unexplored + 1] = hex end
  end
  for _, key in ipairs(sorted_keys(w.surveys)) do
    local s = w.surveys[key]
    if s.race == race and not s.colony and A.planet_value[s.kind] then
      planets[#planets + 1] = s
    end
  end
  return unexplored, planets
end

-- The nearest hex of `list` to `from` not in `claimed`, or nil.
local function nearest(list, from, claimed, max)
  local best, dist
  for _, hex in ipairs(list) do
    local d = galaxy.distance(from, hex)
    if not claimed[hex] and (not max or d <= max) and (not dist or d < dist) then
      best, dist = hex, d
    end
  end
  return best
end

-- The best free planet for colonists from `from`: value by kind and size, less distance.
local function best_planet(w, planets, from, claimed)
  local best, score
  for _, s in ipairs(planets) do
    local p = w.planets[s.planet]
    local d = galaxy.distance(from, p.hex)
    local v = A.planet_value[s.kind] * 100 + s.size - d * A.distance_cost
    if (claimed[s.planet] or 0) < A.transports_per_planet and d <= A.colonise_range and
        (not score or v > score) then
      best, score = s, v
    end
  end
  return best
end

-- The type order on the turn race types are chosen (16): one of constants.ai.race_types, at
-- random.
local function type_order(w, race)
  if w.turn ~= C.race_types.turn or (w.races[race].race_type or "standard") ~= "standard" then
    return {}
  end
  local pick = A.race_types[rng.range(1, #A.race_types)]
  local first, second = pick:match("^(%a+) (%a+)$")
  return { order("type", { first, second }) }
end

-- The research order (14).
local function research(w, race)
  local techs = w.races[race].techs
  for _, code in ipairs(A.research) do
    if data.tech(code) and techs_lib.researchable(techs, code, w.turn, nil,
        w.races[race].race_type) then
      return { order("research", { code }) }
    end
  end
  return {}
end

-- True if enemy warships were in the colony's system at the end of last turn.
local function threatened(w, race, hex)
  for _, id in ipairs(U.fleets_in(w, hex)) do
    local f = w.fleets[id]
    if f.owner ~= race and U.enemy(w, f.owner, race) and U.fleet_armed(w, f) then return true end
  end
  return false
end

-- A colony's orders: colonists out, explorers early, development, guards.
local function colony_orders(w, race, c, plan)
  local p = w.planets[c.planet]
  local techs = w.races[race].techs
  local out = {}
  local ip, pop = c.ip, c.population
  local race_type = w.races[race].race_type
  local capacity = ships_lib.capacity(c.starport, techs, race_type)
  -- Guards first when threatened.
  local guard = data.ship_type(A.guard_type)
  if (threatened(w, race, p.hex) or (w.turn >= A.guard_from_turn and p.home_of == race)) and
      c.starport >= guard.size and ip >= ships_lib.cost(guard.code, techs, race_type) + A.guard_reserve then
    out[#out + 1] = order("build", { guard.code })
    ip = ip - ships_lib.cost(guard.code, techs, race_type)
    capacity = capacity - guard.size
  end
  -- An explorer in the first turns.
  local explorer = data.ship_type("explorer")
  if p.home_of == race and w.turn <= A.explorer_turns and #plan.unexplored > 0 and
      ip >= explorer.cost and capacity >= explorer.size then
    local target = nearest(plan.unexplored, p.hex, plan.claimed)
    if target then
      plan.claimed[target] = true
      out[#out + 1] = order("build", { "explorer" }, {
        order("farmove", { U.hex_text(w, race, target) }), order("explore") })
      ip = ip - explorer.cost
      capacity = capacity - explorer.size
    end
  end
  -- Colonists: what growth has no room for, and what the colony can spare.
  local ct = data.ship_type("colony_transport")
  local cost = ships_lib.cost(ct.code, techs)
  local limit = population.limit(p.kind, p.size, techs, race_type)
  local growth = math.ceil(pop * population.growth_percent(p.kind, techs) / 100)
  local excess = math.max(0, pop + growth - limit)
  local spare = math.max(excess, pop - A.keep_population)
  local n = math.min(math.floor(spare / ct.colonists), math.floor(ip / cost),
    math.floor(capacity / ct.size), A.transports_per_colony)
  if c.starport < ct.size then n = 0 end
  for _ = 1, n do
    local target = best_planet(w, plan.planets, p.hex, plan.planned)
    local inner
    if target then
      local where = w.planets[target.planet]
      plan.planned[target.planet] = (plan.planned[target.planet] or 0) + 1
      inner = { order("farmove", { U.hex_text(w, race, where.hex) }),
        order("colonize", { string.format("P%03d", where.number) }) }
    else
      local hex = nearest(plan.unexplored, p.hex, plan.claimed, A.colonise_range)
      if not hex then break end
      plan.claimed[hex] = true
      inner = { order("farmove", { U.hex_text(w, race, hex) }), order("colonize") }
    end
    out[#out + 1] = order("build", { ct.code }, inner)
    ip = ip - cost
  end
  -- Development (8.2, 8.3).
  local workers = production.workers(pop - n * ct.colonists, 0)
  local function build(kind, target)
    local want = target - c[kind]
    if want <= 0 then return end
    local each = installations.cost(kind, p.minerals, techs, false, race_type)
    if not each then return end
    want = math.min(want, math.floor(ip / each))
    if want > 0 then
      out[#out + 1] = order("construct", { kind, want })
      ip = ip - want * each
    end
  end
  local industries = workers * production.per_worker(techs)
  build("industries", industries)
  local half = math.floor(workers / 2)
  local output = production.produce({ population = workers, industries = industries }, p, race,
    techs).total
  build("research", math.max(half, math.floor(output * A.research_share / 100 /
    C.research.ip_per_centre)))
  build("bases", math.max(half, C.start.bases))
  build("starport", math.max(half, ct.size))
  return out
end

-- A fleet's orders, for fleets without any: scouts and corvettes explore; colony ships that
-- lost their way colonise.
local function fleet_orders(w, race, f, plan)
  local ships = U.fleet_ships(w, f)
  local explorer, colonists = true, false
  for _, s in ipairs(ships) do
    local t = U.type(s)
    if (t.colonists or 0) > 0 then colonists = true end
    if not (t.scout or t.code == "corvette") or t.stationary then explorer = false end
  end
  if colonists then
    local target = best_planet(w, plan.planets, f.hex, plan.planned)
    if target then
      local where = w.planets[target.planet]
      plan.planned[target.planet] = (plan.planned[target.planet] or 0) + 1
      return { order("farmove", { U.hex_text(w, race, where.hex) }),
        order("colonize", { string.format("P%03d", where.number) }) }
    end
    local hex = nearest(plan.unexplored, f.hex, plan.claimed, A.colonise_range)
    if hex then
      plan.claimed[hex] = true
      return { order("farmove", { U.hex_text(w, race, hex) }), order("colonize") }
    end
    return {}
  end
  if explorer then
    local hex = nearest(plan.unexplored, f.hex, plan.claimed)
    if hex then
      plan.claimed[hex] = true
      if hex == f.hex then return { order("explore") } end
      return { order("farmove", { U.hex_text(w, race, hex) }), order("explore") }
    end
  end
  return {}
end

-- The race's orders this turn.
function AI.plan(w, race)
  local unexplored, planets = knowledge(w, race)
  local plan = { unexplored = unexplored, planets = planets, claimed = {}, planned = {} }
  -- Hexes and planets units are already heading for.
  for _, f in pairs(w.fleets) do
    if f.owner == race then
      for _, o in ipairs(f.orders) do
        if o.verb == "farmove" or o.verb == "move" then
          local hex = U.hex_of(w, race, o.args[#o.args])
          if hex then plan.claimed[hex] = true end
        elseif o.verb == "colonize" and o.args[1] then
          local n = tonumber(tostring(o.args[1]):match("^P(%d+)$") or "")
          local pid = n and w.planet_by_number[n]
          if pid then plan.planned[pid] = (plan.planned[pid] or 0) + 1 end
        end
      end
    end
  end
  local general = type_order(w, race)
  for _, o in ipairs(research(w, race)) do general[#general + 1] = o end
  local sheet = { general = general, units = {} }
  for _, id in ipairs(U.colonies_of(w, race)) do
    local c = w.colonies[id]
    if #c.orders == 0 then
      local list = colony_orders(w, race, c, plan)
      if #list > 0 then
        sheet.units[#sheet.units + 1] = { kind = "colony", number = w.planets[c.planet].number,
          orders = list }
      end
    end
  end
  for _, id in ipairs(sorted_keys(w.fleets)) do
    local f = w.fleets[id]
    if f.owner == race and #f.orders == 0 and not f.target then
      local list = fleet_orders(w, race, f, plan)
      if #list > 0 then
        sheet.units[#sheet.units + 1] = { kind = "fleet", flagship = w.ships[f.flagship].number,
          orders = list }
      end
    end
  end
  return sheet
end

-- The default orders (2.3) of a race that missed its turn, as sheet lines: a block for each
-- colony without orders carried over, the orders lib/defaults.lua gives it (the turn gives
-- them again from the same state, so the sheet shows what the turn ran on).
local function default_lines(race, turn)
  local w = import("lib/world").load()
  w.turn = turn
  local defaults = import("lib/defaults")
  local out = {}
  for _, id in ipairs(U.colonies_of(w, race)) do
    local c = w.colonies[id]
    if #c.orders == 0 then
      out[#out + 1] = U.colony_text(w, c) .. ":"
      for _, o in ipairs(defaults.for_colony(w, c)) do
        local args = {}
        for i, a in ipairs(o.args) do
          local t = o.verb == "build" and i == 1 and data.ship_type(a)
          args[i] = t and string.format("%q", t.name) or a
        end
        out[#out + 1] = "  " .. o.verb .. (#args > 0 and " " .. table.concat(args, " ") or "")
      end
    end
  end
  return out
end

-- The sheet the engine stores for a race the computer plays (info = {secret, turn}): a
-- computer race's only has its header, since the turn plans its orders itself (AI.plan); a
-- race that missed its turn or dropped out gets its default orders (2.3) written out.
function AI.sheet(race, mode, info)
  local head = string.format("@ written by the computer (%s) for race %s\nturn %d\n" ..
    "secret %s\nrace %s:\n", mode, race, info.turn, info.secret, race)
  if mode ~= "missed" and mode ~= "dropout" then return head end
  local lines = default_lines(race, info.turn)
  if #lines == 0 then return head end
  return head .. "@ the default orders of colonies without orders (2.3)\n" ..
    table.concat(lines, "\n") .. "\n"
end

return AI
