-- What a race may learn (3, 5, 10; RULINGS.md "Reports"). The engine renders whatever the report
-- modules put in a document, so this file is the one place that decides what a report may show
-- of the galaxy and of other races:
--   - the hexes its chart has mapped, with their kind, and which systems it has explored;
--   - the planets as it saw them when it last explored them (its surveys), colonies included;
--   - its own colonies, fleets, ships and queued orders, as they are now;
--   - other races' fleets only as it saw them this turn (lib/sightings.lua: its fleet or colony
--     in the same system or black hole hex), never their orders;
--   - its own event lines, units lost and dissolved and orders as processed;
--   - statistics as values only, sorted, never with the race that has them;
--   - every hex in its own coordinates, its home at the centre of the map.

local World = import("lib/world")
local coords = import("lib/coords")
local U = import("lib/units")

local S = {}

-- The game as tables (lib/world.lua), read once for every report of a turn.
function S.world(ctx)
  if not ctx.cosmos_world then
    local w = World.load()
    w.colony_by_planet = {}
    for _, id in ipairs(sorted_keys(w.colonies)) do
      w.colony_by_planet[w.colonies[id].planet] = id
    end
    ctx.cosmos_world = w
  end
  return ctx.cosmos_world
end

-- The turn's facts (lib/report_facts.lua) of one race, from the record; read once per turn.
local function facts_by_race(ctx)
  if ctx.cosmos_facts then return ctx.cosmos_facts end
  local by = { [""] = { destroyed = 0 } }
  local function of(race)
    if not by[race] then
      by[race] = { event = {}, lost = {}, dissolved = {}, sighting = {}, processed = {},
        population = {} }
    end
    return by[race]
  end
  for _, n in ipairs(ctx.record and ctx.record.notes or {}) do
    if n.empire == "" then
      if n.phase == "destroyed" then by[""].destroyed = n.data.ip or 0 end
    else
      local list = of(n.empire)[n.phase]
      if list then
        local entry = { text = n.text }
        for k, v in pairs(n.data or {}) do entry[k] = v end
        list[#list + 1] = entry
      end
    end
  end
  ctx.cosmos_facts = by
  return by
end

-- The view of one race: {race, r (its record), home, centre (of its coordinates), chart = {mapped, explored} (sets of GM
-- hexes), colonies, fleets (its own, by id), surveys (planet id -> survey), facts}.
function S.view(ctx, race)
  local w = S.world(ctx)
  local v = { race = race, r = w.races[race], home = w.races[race].home,
    centre = U.centre(w, race), w = w,
    chart = w.charts[race], colonies = U.colonies_of(w, race), fleets = {}, surveys = {} }
  for _, id in ipairs(sorted_keys(w.fleets)) do
    if w.fleets[id].owner == race then v.fleets[#v.fleets + 1] = id end
  end
  for _, key in ipairs(sorted_keys(w.surveys)) do
    local s = w.surveys[key]
    if s.race == race then v.surveys[s.planet] = s end
  end
  local by = facts_by_race(ctx)
  v.facts = by[race] or { event = {}, lost = {}, dissolved = {}, sighting = {}, processed = {},
    population = {} }
  v.destroyed = by[""].destroyed
  return v
end

-- A GM hex in the race's own coordinates: column and row.
function S.position(v, hex)
  if not v.centre then return coords.split(hex) end
  return coords.split(coords.to_race(hex, v.centre))
end

-- A GM hex as the race writes it: "H1414".
function S.hex_text(v, hex)
  return U.hex_text(v.w, v.race, hex)
end

-- The hexes the race has mapped, sorted by their code in its own coordinates.
function S.mapped(v)
  local out, key = {}, {}
  for hex in pairs(v.chart.mapped) do
    out[#out + 1] = hex
    local x, y = S.position(v, hex)
    key[hex] = x * 100 + y
  end
  table.sort(out, function(a, b) return key[a] < key[b] end)
  return out
end

-- True if the race has explored the system in `hex`.
function S.explored(v, hex)
  return v.chart.explored[hex] == true
end

-- The planets the race has surveyed in `hex` (the survey records, by planet number); planets
-- under its own colonies are shown as they are now.
function S.planets_in(v, hex)
  local out = {}
  for _, pid in ipairs(v.w.planets_in[hex] or {}) do
    local p = v.w.planets[pid]
    local c = v.w.colonies[v.w.colony_by_planet[pid] or false]
    if c and c.owner == v.race then
      out[#out + 1] = { number = p.number, name = p.name, kind = p.kind, size = p.size,
        minerals = p.minerals, colony = true, owner = v.race, turn = v.w.turn, own = c }
    elseif v.surveys[pid] then
      local s = v.surveys[pid]
      out[#out + 1] = { number = p.number, name = s.name, kind = s.kind, size = s.size,
        minerals = s.minerals, colony = s.colony, owner = s.owner, turn = s.turn }
    end
  end
  return out
end

-- The other races' fleets the race saw this turn, each {fleet, owner, ships, guns, types, hex
-- (race coordinates), moving, phase (13: still seen)}.
function S.sightings(v)
  return v.facts.sighting
end

-- Values of every race still in play for one statistic, highest first, without names.
function S.statistic(w, value_of)
  local out = {}
  for _, code in ipairs(w.order) do
    if not w.races[code].eliminated then out[#out + 1] = value_of(code) end
  end
  table.sort(out, function(a, b) return a > b end)
  return out
end

-- The turn 0 hints (3.1): terran and sub-terran planets in the hexes within the pack's
-- hint radius of the race's home, counted whether or not it has explored them.
function S.hints(v)
  local counts = { terran = 0, subterran = 0 }
  if not v.home then return counts end
  for _, hex in ipairs(U.within(v.home, rules.const.map.hint_radius)) do
    for _, pid in ipairs(v.w.planets_in[hex] or {}) do
      local kind = v.w.planets[pid].kind
      if counts[kind] then counts[kind] = counts[kind] + 1 end
    end
  end
  return counts
end

-- The players' messages the race may read: its own, those to it and those to all.
function S.messages(ctx, race)
  local out = {}
  for _, m in ipairs(ctx.record and ctx.record.messages or {}) do
    if m.from == race or m.to == race or m.to == "ALL" then out[#out + 1] = m end
  end
  return out
end

return S
