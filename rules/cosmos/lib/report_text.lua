-- A race's turn report as lines of the turn's log (section 3), until the engine builds reports
-- from a pack's document: the status report (victory points, administration, research,
-- production, population, policies, units with their queued orders, units dissolved and lost),
-- the event report phase by phase with the statistics sorted by value, and map notes of the
-- planets the race has surveyed. Hexes are written in the race's own coordinates.

local data = import("lib/data")
local admin = import("lib/admin")
local ships_lib = import("lib/ships")
local techs_lib = import("lib/techs")
local U = import("lib/units")

local R = {}

-- Adds one line of a race's report to the log.
local function add(turn, phase, race, text)
  turn.log[#turn.log + 1] = { phase = phase, empire = race, text = text }
end

-- A queued order as the status report lists it: verb, words, "(begun-x)".
local function order_text(o)
  local text = o.verb
  if #o.args > 0 then text = text .. " " .. table.concat(o.args, " ") end
  if (o.begun or 0) > 0 then text = text .. string.format(" (begun-%d)", o.begun) end
  if o.embedded and #o.embedded > 0 then text = text .. " [+" .. #o.embedded .. " embedded]" end
  return text
end

-- The values of every race still in play for one statistic, highest first.
local function sorted_values(w, field)
  local out = {}
  for _, code in ipairs(w.order) do
    if not w.races[code].eliminated then out[#out + 1] = w.races[code][field] or 0 end
  end
  table.sort(out, function(a, b) return a > b end)
  return out
end

-- Two characters for a hex on the text map: its kind (. empty, : dust, @ black hole, A-D a
-- system, lower case once explored), then * for the race's colony, + for its ships, or a blank.
local KIND_MARK = { empty = ".", dust = ":", black_hole = "@" }
local function mark(w, race, hex, colony_at, ships_at)
  local k = rules.kind[galaxy.kind(hex)]
  local m = KIND_MARK[galaxy.kind(hex)] or (k.system or "?")
  if k.system and k.system ~= "" and w.charts[race].explored[hex] then m = m:lower() end
  local second = colony_at[hex] and "*" or (ships_at[hex] and "+" or " ")
  return m .. second
end

-- The race's map as text (5, 3): its own coordinates, home at the centre; odd columns in the
-- first line of each row and even columns, which stand half a hex lower, in the second; hexes
-- not mapped are blank. Lines start with the row number and a or b.
local function map_lines(w, race)
  local r = w.races[race]
  local width, height = galaxy.size_of()
  local coords = import("lib/coords")
  local shown = {}
  for hex in pairs(w.charts[race].mapped) do shown[coords.to_race(hex, r.home)] = hex end
  local colony_at, ships_at = {}, {}
  for _, id in ipairs(U.colonies_of(w, race)) do colony_at[U.colony_hex(w, w.colonies[id])] = true end
  for _, f in pairs(w.fleets) do
    if f.owner == race then ships_at[f.hex] = true end
  end
  local head = { "col" }
  for col = 1, width do head[#head + 1] = string.format("%02d", col) end
  local out = { table.concat(head, " ") }
  for row = 1, height do
    local a, b = { string.format("%02da", row) }, { string.format("%02db", row) }
    for col = 1, width do
      local hex = shown[coords.code(col, row)]
      local cell = hex and mark(w, race, hex, colony_at, ships_at) or "  "
      a[#a + 1] = col % 2 == 1 and cell or "  "
      b[#b + 1] = col % 2 == 0 and cell or "  "
    end
    out[#out + 1] = table.concat(a, " ")
    out[#out + 1] = table.concat(b, " ")
  end
  return out
end

-- Writes every race's report into the turn's log.
function R.write(w, turn)
  if not turn or not turn.log then return end
  local colonies_by, fleets_by = {}, {}
  for _, code in ipairs(w.order) do
    colonies_by[code], fleets_by[code] = 0, 0
  end
  for _, c in pairs(w.colonies) do
    if c.owner then colonies_by[c.owner] = colonies_by[c.owner] + 1 end
  end
  for _, s in pairs(w.ships) do fleets_by[s.owner] = (fleets_by[s.owner] or 0) + 1 end
  local destroyed = 0
  for _, l in ipairs(w.lost) do destroyed = destroyed + (l.cost or 0) end
  local stats = {
    { "Victory points", sorted_values(w, "vps") },
    { "Production (i.p.)", sorted_values(w, "production") },
    { "Research (r.p.)", sorted_values(w, "research_made") },
    { "Population", sorted_values(w, "population") },
  }
  local counts, ships = {}, {}
  for _, code in ipairs(w.order) do
    if not w.races[code].eliminated then
      counts[#counts + 1] = colonies_by[code]
      ships[#ships + 1] = fleets_by[code] or 0
    end
  end
  table.sort(counts, function(a, b) return a > b end)
  table.sort(ships, function(a, b) return a > b end)
  stats[#stats + 1] = { "Colonies", counts }
  stats[#stats + 1] = { "Ships", ships }
  for _, race in ipairs(w.order) do
    local r = w.races[race]
    -- Status report.
    add(turn, "status", race, string.format("Victory points %d. Race type %s. Administration " ..
      "limit %d (orders given %d, counted %d).", r.vps or 0, r.race_type or "standard",
      admin.limit(r.techs), r.orders_given or 0, r.orders_counted or 0))
    add(turn, "status", race, string.format("Research: %d r.p. for next turn; %d used this turn.",
      r.research_points or 0, r.research_used or 0))
    local have, open = {}, {}
    for _, code in ipairs(data.tech_codes()) do
      if r.techs[code] then have[#have + 1] = data.tech(code).name end
    end
    for _, code in ipairs(techs_lib.researchable_list(r.techs, w.turn + 1)) do
      open[#open + 1] = string.format("%s %d/%d", data.tech(code).name, r.paid[code] or 0,
        techs_lib.cost(r.techs, code, w.turn + 1))
    end
    add(turn, "status", race, "Technologies: " .. (#have > 0 and table.concat(have, ", ") or "none"))
    add(turn, "status", race, "Open to research: " .. table.concat(open, ", "))
    add(turn, "status", race, string.format("Production %d i.p.; population %d.",
      r.production or 0, r.population or 0))
    local pol = {}
    for _, other in ipairs(sorted_keys(r.policy)) do pol[#pol + 1] = other .. " " .. r.policy[other] end
    add(turn, "status", race, "Policies: " .. (#pol > 0 and table.concat(pol, ", ") or
      "neutral toward all") .. "; primitives (99) enemy.")
    for _, id in ipairs(U.colonies_of(w, race)) do
      local c = w.colonies[id]
      local p = w.planets[c.planet]
      add(turn, "status", race, string.format("%s %s (%s %d/%d) at %s: population %d, " ..
        "industries %d, starport %d, bases %d, research %d, shields %d, i.p. %d%s",
        U.colony_text(w, c), p.name, p.kind, p.size, p.minerals, U.hex_text(w, race, p.hex),
        c.population, c.industries, c.starport, c.bases, c.research, c.shields, c.ip,
        c.happy and ", happy" or ""))
      for _, o in ipairs(c.orders) do add(turn, "status", race, "  " .. order_text(o)) end
    end
    for _, id in ipairs(sorted_keys(w.fleets)) do
      local f = w.fleets[id]
      if f.owner == race then
        for _, s in ipairs(U.fleet_ships(w, f)) do
          add(turn, "status", race, string.format("%s%s: %d d.p. at %s%s tech=%s%s",
            s.id == f.flagship and "" or "  ", U.ship_name(s), U.type(s).hull - s.damage,
            U.hex_text(w, race, f.hex), f.target and (" moving to " ..
            U.hex_text(w, race, f.target)) or "", ships_lib.tech_string(s),
            f.out_of_range and s.id == f.flagship and " (out of command range)" or ""))
        end
        for _, o in ipairs(f.orders) do add(turn, "status", race, "  " .. order_text(o)) end
      end
    end
    for _, d in ipairs(w.dissolved) do
      if d.race == race then
        add(turn, "status", race, string.format("Dissolved in phase %d: %s", d.phase, d.text))
      end
    end
    for _, l in ipairs(w.lost) do
      if l.race == race then
        add(turn, "status", race, string.format("Lost in phase %d at %s: %s", l.phase,
          U.hex_text(w, race, l.hex), l.text))
      end
    end
    -- Event report by phase.
    for _, e in ipairs(w.events[race] or {}) do
      local when = e.phase == 0 and "orders" or
        (e.phase > rules.const.game.phases_per_turn and "production" or "phase " .. e.phase)
      add(turn, when, race, (e.phase == 0 and "" or string.format("Phase %d: ", e.phase)) .. e.text)
    end
    for _, st in ipairs(stats) do
      local parts = {}
      for i, v in ipairs(st[2]) do parts[i] = tostring(v) end
      add(turn, "statistics", race, st[1] .. ": " .. table.concat(parts, ", "))
    end
    add(turn, "statistics", race, string.format("Ships destroyed this turn: %d i.p.", destroyed))
    -- The map, then map notes: the planets the race has surveyed.
    for _, line in ipairs(map_lines(w, race)) do add(turn, "map", race, line) end
    local notes = {}
    for _, key in ipairs(sorted_keys(w.surveys)) do
      local s = w.surveys[key]
      if s.race == race then
        local p = w.planets[s.planet]
        notes[#notes + 1] = { hex = U.hex_text(w, race, p.hex), text = string.format(
          "P%03d %s %s %d/%d%s (turn %d)", p.number, s.name, s.kind, s.size, s.minerals,
          s.colony and (" colony of " .. (s.owner or "Pr")) or "", s.turn) }
      end
    end
    table.sort(notes, function(a, b)
      if a.hex ~= b.hex then return a.hex < b.hex end
      return a.text < b.text
    end)
    for _, n in ipairs(notes) do add(turn, "map notes", race, n.hex .. ": " .. n.text) end
    -- Notes: the orders as processed.
    for _, line in ipairs(w.processed and w.processed[race] or {}) do
      add(turn, "orders as processed", race, line)
    end
  end
  if w.game.ended_turn and w.game.ended_turn > 0 then
    for _, race in ipairs(w.order) do
      local scores = sorted_values(w, "vps")
      local parts = {}
      for i, v in ipairs(scores) do parts[i] = tostring(v) end
      add(turn, "final scores", race, string.format("The game is over after turn %d. Final scores: %s. " ..
        "Yours: %d.", w.turn, table.concat(parts, ", "), w.races[race].vps or 0))
    end
  end
end

return R
