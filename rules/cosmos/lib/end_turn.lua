-- The end of a turn (section 20 steps 4-6): population growth, production of i.p. and r.p.,
-- happiness, the primitives' development (8.7), command range (2.2), mapping (5.4), victory
-- points (1.1), races out of the game (7) and the end of the game after the hidden last turn.

local happiness = import("lib/happiness")
local installations = import("lib/installations")
local population = import("lib/population")
local production = import("lib/production")
local range = import("lib/range")
local race_types = import("lib/race_types")
local teams = import("lib/teams")
local victory = import("lib/victory")
local words = import("lib/words")
local U = import("lib/units")

local E = {}

local C = rules.const

-- A primitive colony spends its i.p. (8.7): bases_per_turn bases, then industries up to what
-- its population runs, then bases up to the most it may have. Orbital defences (stations,
-- starbases, clusters) are not built in this version (RULINGS.md).
local function primitive_spending(w, c)
  local p = w.planets[c.planet]
  local techs = U.primitive_techs(w.turn)
  local function build(kind, wanted)
    local n, cost = installations.construct(kind, wanted, c[kind], c.ip, p.minerals,
      c.population, techs, true)
    c[kind] = c[kind] + n
    c.ip = c.ip - cost
  end
  build("bases", C.primitives.bases_per_turn)
  local room = production.workers(c.population, 0) * production.per_worker(techs) - c.industries
  if room > 0 then build("industries", room) end
  if c.industries >= production.workers(c.population, 0) * production.per_worker(techs) then
    build("bases", nil)
  end
end

-- Growth, production and research of every colony (20 step 4); r.p. pooled by race.
function E.production(w)
  local made, rp, pop = {}, {}, {}
  for _, id in ipairs(sorted_keys(w.colonies)) do
    local c = w.colonies[id]
    local p = w.planets[c.planet]
    if c.owner == nil then
      c.population = population.primitive_grow(c.population, p.size)
      local out = production.produce(c, p, nil, {})
      c.ip = c.ip + out.total
      primitive_spending(w, c)
    else
      local race = w.races[c.owner]
      local techs = race.techs
      local before = c.population
      local grown = population.grow(c, p, techs, race.race_type)
      c.population, c.growth_capped = grown.population, grown.capped
      local out = production.produce(c, p, c.owner, techs)
      local bonus = production.type_bonus(race.race_type, p.minerals, before)
      c.ip = c.ip + out.total + bonus.ip
      local res = production.research(c.ip, c.research, techs)
      c.ip = c.ip - res.ip
      made[c.owner] = (made[c.owner] or 0) + out.total + bonus.ip
      rp[c.owner] = (rp[c.owner] or 0) + res.rp + bonus.rp
      c.happy = happiness.check(c, p, techs)
      c.built_size = 0
      c.reserves = nil
      pop[c.owner] = (pop[c.owner] or 0) + c.population
    end
  end
  -- A double survivor's colonists grow on their ship's first turn in space (16.4.1).
  local S = C.race_types.survivor
  local on = {}
  for _, t in ipairs(S.double_ship_growth_on or {}) do on[t] = true end
  for _, sid in ipairs(sorted_keys(w.ships)) do
    local s = w.ships[sid]
    local r = w.races[s.owner]
    if r and on[s.type] and s.built == w.turn and (s.population or 0) > 0 and
        import("lib/race_types").count(r.race_type, "survivor") == 2 then
      s.population = s.population + math.floor(s.population * S.double_ship_growth_percent / 100)
    end
  end
  for code, r in pairs(w.races) do
    if not r.eliminated then
      r.production = made[code] or 0
      r.research_made = rp[code] or 0
      r.research_points = (r.research_points or 0) + (rp[code] or 0)
      r.population = pop[code] or 0
    end
  end
end

-- Command range (20 step 5) and mapping (5.4) at the end of the turn.
function E.reach(w)
  local hexes = {}
  for _, c in pairs(w.colonies) do
    if c.owner then
      local list = hexes[c.owner] or {}
      list[#list + 1] = U.colony_hex(w, c)
      hexes[c.owner] = list
    end
  end
  for _, list in pairs(hexes) do table.sort(list) end
  for _, id in ipairs(sorted_keys(w.fleets)) do
    local f = w.fleets[id]
    f.out_of_range = not range.in_command(f.hex, U.fleet_types(w, f), hexes[f.owner] or {},
      w.races[f.owner].techs, w.races[f.owner].race_type)
    U.map_fleet(w, f)
  end
  for code, list in pairs(hexes) do
    local radius = range.colony_radius(w.races[code].techs)
    for _, hex in ipairs(list) do U.map(w, code, hex, radius) end
  end
end

-- A diplomat's points kept for good for the races in play it and they hold allied at the end of
-- the turn (16.8, 16.8.1), added to its kept_vps with a line in its event report.
local function allies(w)
  for _, code in ipairs(w.order) do
    local r = w.races[code]
    if not r.eliminated and race_types.count(r.race_type, "diplomat") > 0 then
      local types = {}
      for _, other in ipairs(w.order) do
        local o = w.races[other]
        if other ~= code and not o.eliminated and r.policy[other] == "ally" and
            o.policy[code] == "ally" and not teams.mates(w, code, other) then
          types[#types + 1] = o.race_type
        end
      end
      local points = victory.ally_points(r.race_type, types)
      if points > 0 then
        r.kept_vps = (r.kept_vps or 0) + points
        U.event(w, code, string.format("%d victory points kept for good for %s (16.8)", points,
          words.count(#types, "allies")))
      end
    end
  end
end

-- Victory points (1.1), with those kept for good (16.8) and a xenophobe's (16.10), and races
-- out of the game (7): no population in colonies and none on colony ships.
function E.score(w)
  local lists, carried = {}, {}
  for _, c in pairs(w.colonies) do
    if c.owner then
      local list = lists[c.owner] or {}
      list[#list + 1] = { kind = w.planets[c.planet].kind, population = c.population,
        happy = c.happy }
      lists[c.owner] = list
    end
  end
  local aboard = {}
  for _, sid in ipairs(sorted_keys(w.ships)) do
    local s = w.ships[sid]
    if (s.population or 0) > 0 then
      carried[s.owner] = true
      aboard[s.owner] = aboard[s.owner] or {}
      table.insert(aboard[s.owner], { type = s.type, population = s.population })
    end
  end
  for code, r in pairs(w.races) do
    r.vps = victory.points(lists[code] or {}, r.race_type) +
      victory.ship_points(aboard[code] or {}, r.race_type) + (r.kept_vps or 0) +
      victory.alien_points(r.race_type, r.aliens_destroyed or 0)
    local people = 0
    for _, x in ipairs(lists[code] or {}) do people = people + x.population end
    if not r.eliminated and people == 0 and not carried[code] then
      r.eliminated = true
      U.event(w, code, "Your race has no population left: it is out of the game")
    end
  end
end

-- Each race's figure for a double type's end-of-game measure (16.x.1).
local function measures(w)
  local m = { production = {}, research = {}, colonies = {}, happy_population = {},
    war_guns = {} }
  for code, r in pairs(w.races) do
    m.production[code], m.research[code] = r.production or 0, r.research_made or 0
    m.colonies[code], m.happy_population[code], m.war_guns[code] = 0, 0, 0
  end
  for _, c in pairs(w.colonies) do
    if c.owner and w.races[c.owner] then
      m.colonies[c.owner] = m.colonies[c.owner] + 1
      if c.happy then
        m.happy_population[c.owner] = m.happy_population[c.owner] + c.population
      end
    end
  end
  for _, s in pairs(w.ships) do
    local t = U.type(s)
    if w.races[s.owner] and not t.stationary then
      m.war_guns[s.owner] = m.war_guns[s.owner] + (t.guns or 0)
    end
  end
  return m
end

-- The doubles' bonus points at the game's end (16.1.1, 16.2.1, 16.3.1, 16.5.1, 16.7.1): a race
-- of a double type whose measure no race in play beats gets race_types.double_bonus_vps.
local function double_bonuses(w)
  local m = measures(w)
  for _, code in ipairs(w.order) do
    local r = w.races[code]
    for _, p in ipairs(import("lib/race_types").parts(r.race_type)) do
      local measure = p.times == 2 and C.race_types[p.type].double_bonus
      if measure and not r.eliminated then
        local top = true
        for _, other in ipairs(w.order) do
          if not w.races[other].eliminated and m[measure][other] > m[measure][code] then
            top = false
          end
        end
        if top then
          r.vps = r.vps + C.race_types.double_bonus_vps
          U.event(w, code, string.format("%d victory points as the double %s with the most %s " ..
            "(16)", C.race_types.double_bonus_vps, p.type, (measure:gsub("_", " "))))
        end
      end
    end
  end
end

-- The end of the game after the hidden last turn (1.1): the doubles' bonuses (16), then the
-- highest score wins, or in a team game every member of the team with the highest team score
-- (21.3).
local function game_end(w)
  if w.turn < w.game.last_turn then return end
  double_bonuses(w)
  local best, winners = -1, {}
  if teams.active(w) then
    for _, t in ipairs(teams.list(w)) do
      if t.score > best then
        best, winners = t.score, {}
      end
      if t.score == best then
        for _, code in ipairs(t.members) do winners[#winners + 1] = code end
      end
    end
  end
  for _, code in ipairs(teams.active(w) and {} or w.order) do
    local v = w.races[code].vps
    if v > best then
      best, winners = v, { code }
    elseif v == best then
      winners[#winners + 1] = code
    end
  end
  table.sort(winners, function(a, b) return tonumber(a) < tonumber(b) end)
  w.game.ended_turn = w.turn
  w.game.winner = table.concat(winners, ", ")
  w.game.condition = "final scores"
end

-- Steps 4 to 6 and the end of the game.
function E.run(w)
  E.production(w)
  E.reach(w)
  allies(w)
  E.score(w)
  game_end(w)
end

return E
