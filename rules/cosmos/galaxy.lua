-- The map of a new game (sections 5, 6, 6.5, 8.7; RULINGS.md "The map").
--
-- Homes sit on a lattice of hexes home_spacing apart that fits the wrapping map, so every home
-- is at least 6 and its nearest neighbour at most 8 hexes away (6.5); with fewer races than the
-- lattice holds, the homes taken form one connected group. Dust lies in clouds, a third of
-- them D systems; A, B and C systems and black holes are scattered over the rest by the shares
-- of map.shares, and each home gets at least home_good_min A or B systems nearby. Planets
-- follow Table 2 (lib/planets.lua) and are numbered in random order; every terran planet but
-- the homes starts with a colony of primitives (8.7).

local coords = import("lib/coords")
local planets = import("lib/planets")

local G = {}
local C = rules.const

-- Parameters a scenario may set under [galaxy]: 0 takes the size from map.sizes.
G.params = { width = 0, height = 0 }

-- The map's width and height for n races.
local function size_for(p, n)
  if p.width > 0 and p.height > 0 then return p.width, p.height end
  for _, row in ipairs(C.map.sizes) do
    if row.races >= n then return row.width, row.height end
  end
  error("no map size for " .. n .. " races in map.sizes", 0)
end

-- The hex reached from `code` by q steps south-east and r steps south (axial offsets).
local function offset(code, q, r)
  for _ = 1, q do code = coords.step(code, "se") end
  for _ = 1, r do code = coords.step(code, "s") end
  return code
end

-- The home hexes: n points of the lattice, a connected group when the lattice holds more.
local function place_homes(w, h, n)
  local s = C.map.home_spacing
  if w % (2 * s) ~= 0 or h % (2 * s) ~= 0 then
    error(string.format("a %d x %d map does not fit homes %d apart: width and height must be "
      .. "multiples of %d", w, h, s, 2 * s), 0)
  end
  local origin = coords.code(rng.range(1, w), rng.range(1, h))
  local lattice = {}
  for a = 0, w / s - 1 do
    for b = 0, h / s - 1 do lattice[#lattice + 1] = offset(origin, a * s, b * s) end
  end
  if n > #lattice then
    error(string.format("a %d x %d map holds at most %d races", w, h, #lattice), 0)
  end
  local taken, homes = {}, {}
  local function take(i)
    taken[i] = true
    homes[#homes + 1] = lattice[i]
  end
  take(rng.below(#lattice) + 1)
  while #homes < n do
    local next_to = {}
    for i, hex in ipairs(lattice) do
      if not taken[i] then
        for _, home in ipairs(homes) do
          if coords.distance(hex, home) == s then
            next_to[#next_to + 1] = i
            break
          end
        end
      end
    end
    take(next_to[rng.below(#next_to) + 1])
  end
  return homes
end

-- The hexes within `radius` of `centre` (not the centre), in code order.
local function near(centre, radius, w, h)
  local out = {}
  for col = 1, w do
    for row = 1, h do
      local code = coords.code(col, row)
      if code ~= centre and coords.distance(code, centre) <= radius then out[#out + 1] = code end
    end
  end
  return out
end

-- The kind of every hex: {[code] = kind}.
local function hex_kinds(w, h, homes)
  local kind, free = {}, {}
  for _, home in ipairs(homes) do kind[home] = C.map.home_kind end
  for col = 1, w do
    for row = 1, h do
      local code = coords.code(col, row)
      if not kind[code] then free[#free + 1] = code end
    end
  end
  local count = {}
  for _, k in ipairs(sorted_keys(C.map.shares)) do
    count[k] = math.floor(#free * C.map.shares[k] / 100 + 0.5)
  end
  -- Dust clouds, grown from random seeds into free neighbours.
  local clouds = {}
  local want = (count.dust or 0) + (count.system_d or 0)
  while #clouds < want do
    local seed = free[rng.below(#free) + 1]
    if not kind[seed] then
      local cloud, size = { seed }, rng.range(C.map.cloud_min, C.map.cloud_max)
      kind[seed] = "dust"
      local tries = 0
      while #cloud < size and #clouds + #cloud < want and tries < 50 do
        tries = tries + 1
        local from = cloud[rng.below(#cloud) + 1]
        local n = coords.neighbours(from)
        local next_hex = n[rng.below(#n) + 1]
        if not kind[next_hex] then
          kind[next_hex] = "dust"
          cloud[#cloud + 1] = next_hex
        end
      end
      for _, hex in ipairs(cloud) do clouds[#clouds + 1] = hex end
    end
  end
  rng.shuffle(clouds)
  for i = 1, math.min(count.system_d or 0, #clouds) do kind[clouds[i]] = "system_d" end
  -- Systems and black holes over the rest; empty space elsewhere.
  local open = {}
  for _, code in ipairs(free) do
    if not kind[code] then open[#open + 1] = code end
  end
  rng.shuffle(open)
  local i = 0
  for _, k in ipairs({ "system_a", "system_b", "system_c", "black_hole" }) do
    for _ = 1, count[k] or 0 do
      i = i + 1
      if open[i] then kind[open[i]] = k end
    end
  end
  for _, code in ipairs(free) do kind[code] = kind[code] or "empty" end
  -- A few good systems near every home (COSMOS.md).
  for _, home in ipairs(homes) do
    local around = near(home, C.map.hint_radius, w, h)
    local good, spare = 0, {}
    for _, code in ipairs(around) do
      if kind[code] == "system_a" or kind[code] == "system_b" then good = good + 1 end
      if kind[code] == "empty" then spare[#spare + 1] = code end
    end
    rng.shuffle(spare)
    for j = 1, math.min(#spare, C.map.home_good_min - good) do kind[spare[j]] = "system_b" end
  end
  return kind
end

-- A random name of letters and digits (6.4).
local function random_name()
  local chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
  local out = {}
  for i = 1, C.map.name_length do
    local j = rng.below(i == 1 and 26 or #chars) + 1
    out[i] = chars:sub(j, j)
  end
  return table.concat(out)
end

-- A colony of primitives on a terran planet (8.7).
local function primitive_colony(planet_id, size)
  local P = C.primitives
  state.create("colony", {
    planet = planet_id,
    population = math.floor(size * rng.range(P.population_min_percent, P.population_max_percent) / 100),
    industries = rng.range(P.industries_min, P.industries_max),
    ip = math.floor(size * rng.range(P.ip_min_percent, P.ip_max_percent) / 100),
  })
end

-- Creates the planets of every system and the primitives' colonies; returns the home planets'
-- record ids by home hex.
local function make_planets(kind, homes, w, h)
  local is_home, rows = {}, {}
  for _, home in ipairs(homes) do is_home[home] = true end
  for col = 1, w do
    for row = 1, h do
      local code = coords.code(col, row)
      if is_home[code] then
        rows[#rows + 1] = { hex = code, kind = "terran", size = C.planets.home_size,
          minerals = C.planets.home_minerals, home = true }
      elseif C.systems[kind[code]] then
        for _, k in ipairs(planets.system(kind[code])) do
          local size, minerals = planets.draw(k)
          rows[#rows + 1] = { hex = code, kind = k, size = size, minerals = minerals }
        end
      end
    end
  end
  if #rows > C.map.planets_max then
    error(string.format("%d planets: more than map.planets_max (%d)", #rows, C.map.planets_max), 0)
  end
  local numbers = {}
  for i = 1, C.map.planets_max do numbers[i] = i end
  rng.shuffle(numbers)
  local home_planet = {}
  for i, r in ipairs(rows) do
    local id = state.create("planet", { number = numbers[i], hex = r.hex, kind = r.kind,
      size = r.size, minerals = r.minerals, name = random_name() })
    if r.home then
      home_planet[r.hex] = id
    elseif r.kind == "terran" then
      primitive_colony(id, r.size)
    end
  end
  return home_planet
end

-- Builds the map for n races; returns one start per race: {hex = home hex, planet = record id}.
function G.generate(p, n)
  if n < 1 then error("a galaxy needs at least one race", 0) end
  local w, h = size_for(p, n)
  galaxy.set_size(w, h)
  local homes = place_homes(w, h, n)
  local kind = hex_kinds(w, h, homes)
  for col = 1, w do
    for row = 1, h do
      local code = coords.code(col, row)
      galaxy.add(code, kind[code], col, row)
    end
  end
  local home_planet = make_planets(kind, homes, w, h)
  local starts = {}
  for i, home in ipairs(homes) do starts[i] = { hex = home, planet = home_planet[home] } end
  return starts
end

return G
