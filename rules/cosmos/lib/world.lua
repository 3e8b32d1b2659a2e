-- The game as plain Lua tables for the length of a turn (or the set-up): races, charts,
-- planets, colonies, fleets with their ships, queued orders and surveys are read from the state
-- once, changed by the rules as tables, and written back once at the end through the engine's
-- checked path. New records get negative temporary ids until they are written.
--
-- A unit's orders are a list `unit.orders` of {id, verb, args = {text...}, given, line, begun,
-- done, embedded = {order...}}: the queued records of schema.toml, nested by `parent`.

local W = {}

local KINDS = { "planet", "colony", "fleet", "ship" }

-- A lookup table of a list.
local function set_of(list)
  local out = {}
  for _, v in ipairs(list or {}) do out[v] = true end
  return out
end

-- The sorted list of a lookup table's keys.
local function list_of(set)
  local out = {}
  for k in pairs(set) do out[#out + 1] = k end
  table.sort(out)
  return out
end

-- Reads the queued orders into their units' lists, embedded orders under their parents.
local function read_queue(w)
  local rows = {}
  for _, id in ipairs(state.ids("queued")) do rows[#rows + 1] = state.get("queued", id) end
  table.sort(rows, function(a, b)
    if a.seq ~= b.seq then return a.seq < b.seq end
    return a.id < b.id
  end)
  local by_id = {}
  for _, q in ipairs(rows) do
    by_id[q.id] = { id = q.id, verb = q.verb, args = q.args or {}, given = q.given,
      line = q.line, begun = q.begun, done = q.done, embedded = {} }
  end
  for _, q in ipairs(rows) do
    local o = by_id[q.id]
    if q.parent and by_id[q.parent] then
      local list = by_id[q.parent].embedded
      list[#list + 1] = o
    elseif q.colony and w.colonies[q.colony] then
      local list = w.colonies[q.colony].orders
      list[#list + 1] = o
    elseif q.fleet and w.fleets[q.fleet] then
      local list = w.fleets[q.fleet].orders
      list[#list + 1] = o
    end
  end
  w.old_queue = {}
  for _, q in ipairs(rows) do w.old_queue[#w.old_queue + 1] = q.id end
end

-- The world of the current state.
function W.load()
  local w = { turn = state.turn(), races = {}, charts = {}, planets = {}, colonies = {},
    fleets = {}, ships = {}, surveys = {}, planet_by_number = {}, planets_in = {},
    next_temp = -1, game = state.game(), order = state.order(), events = {} }
  for _, code in ipairs(state.empires()) do
    local r = state.get("empire", code)
    r.policy, r.techs, r.paid = r.policy or {}, r.techs or {}, r.paid or {}
    w.races[code] = r
    local ch = state.get("chart", code)
    w.charts[code] = { mapped = set_of(ch.mapped), explored = set_of(ch.explored) }
    w.events[code] = {}
  end
  for _, kind in ipairs(KINDS) do
    local store = w[kind == "colony" and "colonies" or kind .. "s"]
    for _, id in ipairs(state.ids(kind)) do store[id] = state.get(kind, id) end
  end
  for id, p in pairs(w.planets) do
    w.planet_by_number[p.number] = id
    local list = w.planets_in[p.hex] or {}
    list[#list + 1] = id
    w.planets_in[p.hex] = list
  end
  for _, list in pairs(w.planets_in) do table.sort(list) end
  for _, c in pairs(w.colonies) do c.orders = {} end
  for _, f in pairs(w.fleets) do
    f.orders, f.ships = {}, {}
  end
  for _, id in ipairs(state.ids("ship")) do
    local s = w.ships[id]
    local f = w.fleets[s.fleet]
    f.ships[#f.ships + 1] = id
  end
  read_queue(w)
  for _, id in ipairs(state.ids("survey")) do
    local s = state.get("survey", id)
    w.surveys[s.race .. ":" .. s.planet] = s
  end
  w.dirty_planets = {}
  return w
end

-- A new temporary id.
function W.temp(w)
  local id = w.next_temp
  w.next_temp = id - 1
  return id
end

-- The fields of each kind this file writes back (schema.toml's, in its order).
local FIELDS = {
  colony = { "planet", "owner", "population", "industries", "starport", "bases", "research",
    "shields", "ip", "reserved", "reserved_until", "built_size", "founded", "growth_capped",
    "happy", "overtime", "signals" },
  fleet = { "owner", "flagship", "hex", "target", "progress", "came_from", "out_of_range" },
  ship = { "number", "type", "owner", "fleet", "damage", "drive", "graviton", "jump", "gun",
    "shield", "scanner", "cloak", "cloaked", "cargo", "population", "built", "signals" },
}

-- Optional fields by kind: nil in a table clears them (other nil fields are left as they are).
local OPTIONAL = { colony = { owner = true }, fleet = { target = true, came_from = true },
  ship = {} }

-- The record's declared fields, with references mapped through `map` (temporary ids).
local function row(kind, rec, refs, map)
  local out = {}
  for _, k in ipairs(FIELDS[kind]) do
    local v = rec[k]
    if refs[k] and v ~= nil then v = map[v] or v end
    if v == nil and OPTIONAL[kind][k] then v = false end
    if v ~= nil then out[k] = v end
  end
  return out
end

-- Writes the world back: changed records set, new ones created, removed ones deleted.
function W.save(w)
  -- Empires and charts.
  for code, r in pairs(w.races) do
    state.set("empire", code, { policy = r.policy, research_points = r.research_points,
      techs = r.techs, paid = r.paid, next_ship = r.next_ship, vps = r.vps,
      orders_given = r.orders_given, orders_counted = r.orders_counted,
      production = r.production, research_made = r.research_made,
      research_used = r.research_used, population = r.population,
      missed_turns = r.missed_turns, eliminated = r.eliminated, taught = r.taught or {},
      aliases = r.aliases or {}, alias_counts = r.alias_counts or {},
      home = r.home or false, home_planet = r.home_planet or false, centre = r.centre or false,
      race_type = r.race_type or "standard", kept_vps = r.kept_vps,
      aliens_destroyed = r.aliens_destroyed })
    local ch = w.charts[code]
    state.set("chart", code, { mapped = list_of(ch.mapped), explored = list_of(ch.explored) })
  end
  state.set_game({ last_turn = w.game.last_turn, phase = 0, next_pool_ship = w.game.next_pool_ship,
    ended_turn = w.game.ended_turn, winner = w.game.winner or false,
    condition = w.game.condition or false })
  for id in pairs(w.dirty_planets) do
    local p = w.planets[id]
    state.set("planet", id, { name = p.name, home_of = p.home_of or false,
      salvage_industries = p.salvage_industries, salvage_starport = p.salvage_starport,
      salvage_research = p.salvage_research, salvage_ip = p.salvage_ip,
      salvage_from = p.salvage_from or false, kind = p.kind })
  end
  -- Queued orders go first (they point at colonies and fleets that may go).
  for _, id in ipairs(w.old_queue) do state.delete("queued", id) end
  -- Deleted colonies, fleets and ships.
  local live = { colony = {}, fleet = {}, ship = {} }
  for id in pairs(w.colonies) do live.colony[id] = true end
  for id in pairs(w.fleets) do live.fleet[id] = true end
  for id in pairs(w.ships) do live.ship[id] = true end
  for _, id in ipairs(state.ids("fleet")) do
    if not live.fleet[id] then state.set("fleet", id, { flagship = false }) end
  end
  for _, kind in ipairs({ "ship", "fleet", "colony" }) do
    for _, id in ipairs(state.ids(kind)) do
      if not live[kind][id] then state.delete(kind, id) end
    end
  end
  -- New and changed records; references to temporary ids mapped to the real ones.
  local map = {}
  local function sorted_ids(store)
    local out = {}
    for id in pairs(store) do out[#out + 1] = id end
    table.sort(out, function(a, b)
      if (a < 0) ~= (b < 0) then return a > 0 end
      if a < 0 then return a > b end
      return a < b
    end)
    return out
  end
  local function put(kind, store, refs)
    for _, id in ipairs(sorted_ids(store)) do
      local rec = store[id]
      if id < 0 then
        local real = state.create(kind, {})
        map[id] = real
        rec.id = real
      end
    end
    for _, id in ipairs(sorted_ids(store)) do
      local rec = store[id]
      local fields = row(kind, rec, refs, map)
      state.set(kind, map[id] or id, fields)
    end
  end
  -- Fleets first without flagships, then ships, then the flagships.
  local fleet_refs = { flagship = true }
  local flagships = {}
  for id, f in pairs(w.fleets) do
    flagships[id] = f.flagship
    f.flagship = nil
  end
  put("colony", w.colonies, {})
  put("fleet", w.fleets, fleet_refs)
  put("ship", w.ships, { fleet = true })
  for id, f in pairs(w.fleets) do
    f.flagship = flagships[id]
    state.set("fleet", map[id] or id, { flagship = map[f.flagship] or f.flagship })
  end
  -- The queue, unit by unit, embedded orders after their parent.
  local function write_orders(list, owner, unit_field, unit_id, parent)
    for seq, o in ipairs(list) do
      local fields = { owner = owner, seq = seq, verb = o.verb, args = o.args,
        given = o.given or 0, line = o.line or 0, begun = o.begun or 0, done = o.done or 0 }
      if parent then fields.parent = parent else fields[unit_field] = unit_id end
      local qid = state.create("queued", fields)
      write_orders(o.embedded or {}, owner, unit_field, unit_id, qid)
    end
  end
  for _, id in ipairs(sorted_ids(w.colonies)) do
    local c = w.colonies[id]
    if c.owner and #c.orders > 0 then
      write_orders(c.orders, c.owner, "colony", map[id] or id)
    end
  end
  for _, id in ipairs(sorted_ids(w.fleets)) do
    local f = w.fleets[id]
    if #f.orders > 0 then write_orders(f.orders, f.owner, "fleet", map[id] or id) end
  end
  -- Surveys: rewritten whole.
  for _, id in ipairs(state.ids("survey")) do state.delete("survey", id) end
  local keys = {}
  for k in pairs(w.surveys) do keys[#keys + 1] = k end
  table.sort(keys)
  for _, k in ipairs(keys) do
    local s = w.surveys[k]
    state.create("survey", { race = s.race, planet = s.planet, turn = s.turn, kind = s.kind,
      size = s.size, minerals = s.minerals, name = s.name, colony = s.colony and true or false,
      owner = s.owner or false, salvage = s.salvage and true or false })
  end
end

return W
