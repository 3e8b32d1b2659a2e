-- The map and the map notes of a race's report (3, 5): every hex the race has mapped, drawn in
-- its own coordinates (home at the centre hex), with the planets of the systems it explored,
-- its colonies framed, its fleets and the fleets of others it saw this turn. The SVG draws
-- planets and fleets around their hex; the text map writes each hex's code (the ID without H,
-- as the seed's maps do) and one mark. Everything shown comes from report/sight.lua.

local sight = import("report/sight")
local U = import("lib/units")

local M = {}

-- Looks by hex kind (kinds.toml); a kind a variant adds is drawn grey with "?".
local KINDS = {
  empty = { fill = "#2a3350", size = 2, glyph = "." },
  dust = { fill = "#8a6f4d", size = 3, glyph = ":" },
  black_hole = { fill = "#000000", size = 7, glyph = "@" },
  system_a = { fill = "#fff3a0", size = 6 },
  system_b = { fill = "#ffd36b", size = 6 },
  system_c = { fill = "#ff9d5c", size = 6 },
  system_d = { fill = "#d96b4a", size = 6 },
}

-- Looks by planet type (Table 1).
local PLANETS = {
  terran = { name = "Terran planet", fill = "#4fc36a" },
  subterran = { name = "Sub-terran planet", fill = "#9acd5a" },
  minimal = { name = "Minimal terran planet", fill = "#c9b458" },
  barren = { name = "Barren planet", fill = "#9a9a9a" },
  gas_giant = { name = "Gas giant", fill = "#c98fd0" },
}
local PLANET_ORDER = { "terran", "subterran", "minimal", "barren", "gas_giant" }

-- Other races as the race's policies hold them (4; the primitives are enemies, 4.1), and their
-- ships' and colonies' colours on the map (figure 4).
local RELATIONS = { "allied", "neutral", "enemy" }
local RELATION_NAMES = { allied = "Allied", neutral = "Neutral", enemy = "Enemy" }
local SHIP_FILLS = { allied = "#7fe08a", neutral = "#e0d070", enemy = "#ff5577" }
local POLICY_RELATION = { ally = "allied", neutral = "neutral", enemy = "enemy" }

-- How the race holds race `owner` (nil: the primitives).
local function relation(v, owner)
  if not owner then return "enemy" end
  return POLICY_RELATION[v.r.policy[owner] or rules.const.policy.default] or "neutral"
end

-- The radius of a planet's body: its area follows the population it supports (5.1); a gas
-- giant is drawn large.
local function planet_size(p)
  if p.kind == "gas_giant" then return 4.5 end
  return math.floor(math.max(1.5, 4.5 * math.sqrt(p.size / 80)) * 10 + 0.5) / 10
end

-- The corner of a planet's moon by its minerals (5.1): 1 upper right, 2 lower right, 3 lower
-- left, 4 upper left.
local MOONS = { "ne", "se", "sw", "nw" }

-- The radius of a ship marker: it grows with the guns of the fleets, up to 1000 (5.1).
local function marker_size(guns)
  return math.floor((2 + 4 * math.log(1 + math.min(guns, 1000)) / math.log(1001)) * 10 + 0.5) /
    10
end

-- The map's layers, in legend order.
local function layers()
  local out = {}
  for _, k in ipairs(rules.kinds) do
    local look = KINDS[k.code] or { fill = "#888888", size = 4, glyph = "?" }
    local system = rules.kind[k.code].system
    local glyph = look.glyph or (system ~= "" and system or "?")
    out[#out + 1] = { id = "kind-" .. k.code, name = k.name, fill = look.fill, size = look.size,
      glyph = glyph }
    if system and system ~= "" then
      -- The same body as the kind (its layer comes first on a hex); the fill gives the legend
      -- a swatch.
      out[#out + 1] = { id = "explored-" .. k.code, name = k.name .. ", explored",
        fill = look.fill, glyph = glyph:lower() }
    end
  end
  for _, kind in ipairs(PLANET_ORDER) do
    out[#out + 1] = { id = "planet-" .. kind, name = PLANETS[kind].name, fill = PLANETS[kind].fill,
      size = 3.5 }
  end
  out[#out + 1] = { id = "your-ships", name = "Your ships", fill = "#5fb0ff", size = 3,
    glyph = "+" }
  for _, rel in ipairs(RELATIONS) do
    out[#out + 1] = { id = rel .. "-ships", name = RELATION_NAMES[rel] .. " ships",
      fill = SHIP_FILLS[rel], size = 3, glyph = "!" }
  end
  out[#out + 1] = { id = "your-colony", name = "Your colony", ring = "#39ff88", glyph = "*" }
  for _, rel in ipairs(RELATIONS) do
    out[#out + 1] = { id = rel .. "-colony", name = RELATION_NAMES[rel] .. " colony",
      ring = SHIP_FILLS[rel], dash = true }
  end
  return out
end

-- The planets' words: "P138 Ozzy terran 80/2, colony C138 of race 3 (turn 4)".
function M.planet_text(p)
  local text = string.format("P%03d %s %s %s/%d", p.number, p.name, p.kind:gsub("_", " "),
    p.kind == "gas_giant" and "-" or tostring(p.size), p.minerals)
  if p.own then
    text = text .. string.format(", your colony C%03d", p.number)
  elseif p.colony then
    text = text .. string.format(", colony C%03d of %s", p.number,
      p.owner and ("race " .. p.owner) or "the primitives")
  end
  if not p.own then text = text .. string.format(" (explored turn %d)", p.turn) end
  return text
end

-- A fleet of the race's own: "S0100 fleet: 2 ships (Scout, Corvette)".
local function own_fleet_text(v, f)
  local ships = U.fleet_ships(v.w, f)
  local names = {}
  for i, s in ipairs(ships) do names[i] = U.type(s).name end
  local text = string.format("your fleet %s: %d ship%s (%s)", U.ship_text(v.w.ships[f.flagship]),
    #ships, #ships == 1 and "" or "s", table.concat(names, ", "))
  if f.target then text = text .. ", moving towards " .. sight.hex_text(v, f.target) end
  return text
end

-- A fleet of another race seen this turn.
function M.sighting_text(s)
  local text = string.format("fleet %s of race %s: %d ship%s (%s), %d gun%s", s.fleet, s.owner,
    s.ships, s.ships == 1 and "" or "s", s.types, s.guns, s.guns == 1 and "" or "s")
  if s.phase <= rules.const.game.phases_per_turn then
    text = text .. string.format(" (phase %d)", s.phase)
  end
  return text
end

-- What the report shows in each hex: {hex, code (race coordinates), x, y, planets, fleets (own
-- ids), seen (sightings)}, for mapped hexes, hexes with its fleets and hexes where it saw ships
-- (a ship lost there may not have mapped it), sorted by code.
function M.hexes(v)
  local by_code, list = {}, {}
  local function entry(hex)
    local x, y = sight.position(v, hex)
    local code = string.format("%02d%02d", x, y)
    if not by_code[code] then
      by_code[code] = { hex = hex, code = code, x = x, y = y, fleets = {}, seen = {},
        planets = sight.planets_in(v, hex) }
      list[#list + 1] = by_code[code]
    end
    return by_code[code]
  end
  for _, hex in ipairs(sight.mapped(v)) do entry(hex) end
  for _, id in ipairs(v.fleets) do
    local f = v.w.fleets[id]
    local e = entry(f.hex)
    e.fleets[#e.fleets + 1] = f
  end
  for _, s in ipairs(sight.sightings(v)) do
    local e = entry(s.at)
    e.seen[#e.seen + 1] = s
  end
  table.sort(list, function(a, b) return a.code < b.code end)
  return list
end

-- The map block: every mapped hex with its kind, explored or not, the race's colony framed;
-- inside it the planets of explored systems by size with their minerals as a moon, a ship
-- marker for the race's fleets and one for each relation (allied, neutral, enemy) of the
-- fleets it saw, sized by their guns, with a chevron when some of them may have moved away
-- (5.1, figures 3 and 4).
function M.block(v, hexes)
  local places = {}
  for _, e in ipairs(hexes) do
    local kind = galaxy.kind(e.hex)
    local k = rules.kind[kind]
    local p = { code = e.code, x = e.x, y = e.y, layers = { "kind-" .. kind } }
    local title = "H" .. e.code .. " " .. k.name
    if k.system and k.system ~= "" and sight.explored(v, e.hex) then
      p.layers[#p.layers + 1] = "explored-" .. kind
      title = title .. ", explored"
    end
    local own_colony, other_colony = false, nil
    for _, pl in ipairs(e.planets) do
      if pl.own then own_colony = true
      elseif pl.colony and not other_colony then other_colony = relation(v, pl.owner) end
    end
    local seen_by = {}
    for _, sg in ipairs(e.seen) do
      local rel = relation(v, sg.owner)
      if not seen_by[rel] then
        seen_by[rel] = { list = {}, guns = 0, moved = false }
        p.layers[#p.layers + 1] = rel .. "-ships"
      end
      local g = seen_by[rel]
      g.list[#g.list + 1] = sg
      g.guns = g.guns + sg.guns
      g.moved = g.moved or sg.phase <= rules.const.game.phases_per_turn
    end
    -- The race's own marks come after those of others: on the text map they win.
    if #e.fleets > 0 then p.layers[#p.layers + 1] = "your-ships" end
    -- Own colony before another's: its frame is the hex's outline, and its mark wins.
    if own_colony then p.layers[#p.layers + 1] = "your-colony" end
    if other_colony then p.layers[#p.layers + 1] = other_colony .. "-colony" end
    p.title = title
    places[#places + 1] = p
    for _, pl in ipairs(e.planets) do
      local layers_of = { "planet-" .. pl.kind }
      if pl.own then layers_of[#layers_of + 1] = "your-colony"
      elseif pl.colony then layers_of[#layers_of + 1] = relation(v, pl.owner) .. "-colony" end
      places[#places + 1] = { code = string.format("P%03d", pl.number), parent = e.code,
        layers = layers_of, title = M.planet_text(pl), size = planet_size(pl),
        mark = MOONS[pl.minerals] }
    end
    -- A marker for the race's fleets in the hex and one for each relation of those it saw;
    -- the tooltip lists them.
    if #e.fleets > 0 then
      local lines, guns = {}, 0
      for i, f in ipairs(e.fleets) do
        lines[i] = own_fleet_text(v, f)
        for _, s in ipairs(U.fleet_ships(v.w, f)) do
          if U.armed(s) then guns = guns + U.type(s).guns end
        end
      end
      places[#places + 1] = { code = e.code .. "-fleets", parent = e.code,
        label = tostring(#e.fleets), layers = { "your-ships" }, size = marker_size(guns),
        title = table.concat(lines, "; ") }
    end
    for _, rel in ipairs(RELATIONS) do
      local g = seen_by[rel]
      if g then
        local lines = {}
        for i, sg in ipairs(g.list) do lines[i] = M.sighting_text(sg) end
        places[#places + 1] = { code = e.code .. "-" .. rel, parent = e.code,
          label = tostring(#g.list), layers = { rel .. "-ships" }, size = marker_size(g.guns),
          tail = g.moved or nil, title = table.concat(lines, "; ") ..
          (g.moved and " (some may have moved away)" or "") }
      end
    end
  end
  return { type = "map", geometry = "hex", lower_columns = "even",
    title = "The galaxy as race " .. v.race .. " has mapped it", layers = layers(),
    places = places, links = {} }
end

-- Map notes in hex ID order: hexes where the race explored a system, knows planets or sees
-- ships.
function M.notes(v, hexes)
  local items = {}
  for _, e in ipairs(hexes) do
    local k = rules.kind[galaxy.kind(e.hex)]
    local explored = k.system and k.system ~= "" and sight.explored(v, e.hex)
    if explored or #e.planets > 0 or #e.fleets > 0 or #e.seen > 0 then
      local sub = {}
      for _, pl in ipairs(e.planets) do sub[#sub + 1] = M.planet_text(pl) end
      for _, f in ipairs(e.fleets) do sub[#sub + 1] = own_fleet_text(v, f) end
      for _, s in ipairs(e.seen) do sub[#sub + 1] = M.sighting_text(s) end
      items[#items + 1] = { text = string.format("H%s %s%s", e.code, k.name,
        explored and ", explored" or ""), items = sub }
    end
  end
  return items
end

return M
