-- A galaxy that scales to a thousand empires (this variant replaces the standard generator,
-- whose link-drawing compares every pair of stars). Stars fill a square lattice of blocks, one
-- star jittered inside each block, each linked to the stars of the blocks to its right and
-- below: a link stays inside its two blocks, so no star lies on it and no two links cross, and
-- the lattice is connected. The lattice is cut into one tile per empire; each home star is the
-- star nearest its tile's centre, made a yellow dwarf with a home planet.

local G = {}
local C = rules.const.galaxy
local L = rules.const.lattice

-- Parameters a scenario may set under [galaxy]; the defaults come from pack.toml.
G.params = {
  stars_per_empire = L.stars_per_empire,
  block = L.block,
  first_code = C.first_code,
}

local floor, sqrt, ceil = math.floor, math.sqrt, math.ceil

-- A key of a weights table, drawn in proportion to its weight (keys in sorted order).
local function pick_weighted(weights)
  local keys = sorted_keys(weights)
  local w = {}
  for i, k in ipairs(keys) do w[i] = weights[k] end
  return keys[rng.weighted(w)]
end

function G.generate(p, n)
  if n < 1 then error("a galaxy needs at least one empire", 0) end
  if p.stars_per_empire < 4 then error("galaxy.stars_per_empire must be at least 4", 0) end
  if p.block < 1 then error("galaxy.block must be at least 1", 0) end
  local side = ceil(sqrt(n * p.stars_per_empire))
  local B = floor(p.block)
  local top = 1
  for _ = 1, #galaxy.code(0) do top = top * 10 end
  top = top - 1

  -- Codes: a shuffled pool, so codes say nothing about position.
  local pool = {}
  for c = p.first_code, top do pool[#pool + 1] = c end
  if side * side * 3 + n > #pool then
    error(string.format("the map needs up to %d place codes but only %d are free from %s",
      side * side * 3 + n, #pool, galaxy.code(p.first_code)), 0)
  end
  rng.shuffle(pool)
  local next_code = 0
  local function take_code()
    next_code = next_code + 1
    return pool[next_code]
  end

  -- One star per block, linked right and down.
  local code_at = {}  -- block index (by * side + bx) -> code
  for by = 0, side - 1 do
    for bx = 0, side - 1 do
      local code = take_code()
      galaxy.add(code, pick_weighted(C.kind_weights), bx * B + rng.below(B), by * B + rng.below(B))
      code_at[by * side + bx] = code
    end
  end
  for by = 0, side - 1 do
    for bx = 0, side - 1 do
      local here = code_at[by * side + bx]
      if bx + 1 < side then galaxy.link(here, code_at[by * side + bx + 1]) end
      if by + 1 < side then galaxy.link(here, code_at[(by + 1) * side + bx]) end
    end
  end

  -- Planets and belts: at most two a star, keeping links within map.max_links.
  local max_links = rules.const.map.max_links
  local sat_weights = { C.planet_weight, C.belt_weight }
  local sat_kinds = { "planet", "belt" }
  for i = 0, side * side - 1 do
    local code = code_at[i]
    local nsat = rng.weighted(C.satellite_counts) - 1
    if galaxy.kind(code) == "black" and rng.unit() >= C.black_satellite_factor then nsat = 0 end
    nsat = math.min(nsat, max_links - 1 - galaxy.degree(code))
    for _ = 1, nsat do
      galaxy.add_inner(take_code(), sat_kinds[rng.weighted(sat_weights)], code)
    end
  end

  -- Homes: one tile per empire, the star nearest the tile's centre.
  local tiles = ceil(sqrt(n))
  local tile = side / tiles
  local homes = {}
  for t = 0, n - 1 do
    local bx = floor((t % tiles + 0.5) * tile)
    local by = floor((floor(t / tiles) + 0.5) * tile)
    local code = code_at[math.min(by, side - 1) * side + math.min(bx, side - 1)]
    galaxy.set_kind(code, C.home_kind)
    local planet
    for _, sat in ipairs(galaxy.inner(code)) do
      if not planet and galaxy.kind(sat) == C.home_planet_kind then planet = sat end
    end
    if not planet then
      local sats = galaxy.inner(code)
      if galaxy.degree(code) >= max_links and #sats > 0 then
        planet = sats[1]
        galaxy.set_kind(planet, C.home_planet_kind)
      else
        planet = take_code()
        galaxy.add_inner(planet, C.home_planet_kind, code)
      end
    end
    homes[#homes + 1] = { star = code, planet = planet }
  end
  return homes
end

return G
