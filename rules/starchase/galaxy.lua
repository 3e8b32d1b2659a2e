-- The standard random galaxy (rules 1.2, 2.1-2.4, 6.7).
--
-- Stars are scattered over a grid, one at most per block of block x block cells, with a
-- weighted mix of kinds that includes unlit black dwarfs. Short links are drawn first as a
-- spanning tree, then some more, never through another star and never crossing another link;
-- any pieces left apart are then joined. Planets and belts hang off their parent star, and
-- every star keeps at most map.max_links links counting them. Home stars are picked as far
-- apart (in links) as possible, become yellow dwarfs and get a home planet.

local G = {}
local C = rules.const.galaxy
local MAX_LINKS = rules.const.map.max_links

-- Parameters a scenario may set under [galaxy]; the defaults come from pack.toml.
G.params = {
  stars_per_empire = C.stars_per_empire,
  block = C.block,
  fill = C.fill,
  max_link_distsq = C.max_link_distsq,
  extra_link_chance = C.extra_link_chance,
  min_home_hops = C.min_home_hops,
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

local function check_params(p, n)
  if n < 1 then error("a galaxy needs at least one empire", 0) end
  if p.stars_per_empire < 2 then error("galaxy.stars_per_empire must be at least 2", 0) end
  if p.block < 1 then error("galaxy.block must be at least 1", 0) end
  if p.fill <= 0 or p.fill > 1 then error("galaxy.fill must be in (0, 1]", 0) end
  if p.max_link_distsq < 1 then error("galaxy.max_link_distsq must be at least 1", 0) end
  if p.first_code < 0 or p.first_code > 999 then error("galaxy.first_code must be 0..999", 0) end
end

-- Union-find over star indices.
local function make_sets(n)
  local parent = {}
  for i = 1, n do parent[i] = i end
  local function find(i)
    while parent[i] ~= i do
      parent[i] = parent[parent[i]]
      i = parent[i]
    end
    return i
  end
  local function union(a, b) parent[find(a)] = find(b) end
  return find, union
end

function G.generate(p, n)
  check_params(p, n)
  local nstars = floor(n * p.stars_per_empire)
  local B = floor(p.block)
  local side = ceil(sqrt(nstars / p.fill))

  -- Place stars: one per block, in nstars of the side x side blocks.
  local blocks = {}
  for by = 0, side - 1 do
    for bx = 0, side - 1 do blocks[#blocks + 1] = { bx, by } end
  end
  rng.shuffle(blocks)
  local stars = {}
  local at = {}  -- "x,y" -> star index
  for i = 1, nstars do
    local b = blocks[i]
    local s = { x = b[1] * B + rng.below(B), y = b[2] * B + rng.below(B) }
    s.kind = pick_weighted(C.kind_weights)
    local nsat = rng.weighted(C.satellite_counts) - 1
    if s.kind == "black" and rng.unit() >= C.black_satellite_factor then nsat = 0 end
    s.nsat = nsat
    stars[i] = s
    at[s.x .. "," .. s.y] = i
  end

  -- Codes: a shuffled pool, so codes say nothing about position.
  local pool = {}
  for c = p.first_code, 999 do pool[#pool + 1] = c end
  local needed = nstars + n
  for i = 1, nstars do needed = needed + stars[i].nsat end
  if needed > #pool then
    error(string.format("the map needs %d system codes but only %d are free from %03d to 999; "
      .. "lower galaxy.stars_per_empire or galaxy.first_code", needed, #pool, p.first_code), 0)
  end
  rng.shuffle(pool)
  local next_code = 0
  local function take_code()
    next_code = next_code + 1
    return pool[next_code]
  end
  for i = 1, nstars do
    local s = stars[i]
    s.code = take_code()
    galaxy.add(s.code, s.kind, s.x, s.y)
  end

  -- Candidate links: pairs within max_link_distsq, shortest first, ties at random.
  local r = floor(sqrt(p.max_link_distsq))
  local cands = {}
  for i = 1, nstars do
    local s = stars[i]
    for dy = -r, r do
      for dx = -r, r do
        local d = dx * dx + dy * dy
        if d > 0 and d <= p.max_link_distsq then
          local j = at[(s.x + dx) .. "," .. (s.y + dy)]
          if j and j > i then cands[#cands + 1] = { i = i, j = j, d = d, t = rng.unit() } end
        end
      end
    end
  end
  table.sort(cands, function(a, b)
    if a.d ~= b.d then return a.d < b.d end
    if a.t ~= b.t then return a.t < b.t end
    if a.i ~= b.i then return a.i < b.i end
    return a.j < b.j
  end)

  local deg = {}
  for i = 1, nstars do deg[i] = 0 end
  local function room(i) return deg[i] < MAX_LINKS - stars[i].nsat end
  local function can_link(i, j)
    local a, b = stars[i].code, stars[j].code
    return room(i) and room(j) and not galaxy.linked(a, b) and galaxy.segment_clear(a, b)
  end
  local function link(i, j)
    galaxy.link(stars[i].code, stars[j].code)
    deg[i] = deg[i] + 1
    deg[j] = deg[j] + 1
  end

  local find, union = make_sets(nstars)
  for _, c in ipairs(cands) do
    if find(c.i) ~= find(c.j) and can_link(c.i, c.j)
        and not galaxy.crosses(stars[c.i].code, stars[c.j].code) then
      link(c.i, c.j)
      union(c.i, c.j)
    end
  end
  for _, c in ipairs(cands) do
    if rng.unit() < p.extra_link_chance and can_link(c.i, c.j)
        and not galaxy.crosses(stars[c.i].code, stars[c.j].code) then
      link(c.i, c.j)
    end
  end

  -- Join what is still apart: the shortest clear link from the first piece to any other.
  while true do
    local root = find(1)
    local piece = {}  -- each star's piece, found once per pass (not once per pair)
    for i = 1, nstars do piece[i] = find(i) end
    local best, bi, bj
    local apart = false
    local others = {}  -- the stars outside the first piece with room for a link, in order
    for j = 1, nstars do
      if piece[j] ~= root then
        apart = true
        if room(j) then others[#others + 1] = j end
      end
    end
    for i = 1, nstars do
      if piece[i] == root and room(i) then
        for _, j in ipairs(others) do
          local d = galaxy.distsq(stars[i].code, stars[j].code)
          if (not best or d < best) and galaxy.segment_clear(stars[i].code, stars[j].code) then
            best, bi, bj = d, i, j
          end
        end
      end
    end
    if not apart then break end
    if not best then error("could not join the map into one piece; try a larger galaxy.fill", 0) end
    link(bi, bj)
    union(bi, bj)
  end

  -- Planets and belts.
  local sat_weights = { C.planet_weight, C.belt_weight }
  local sat_kinds = { "planet", "belt" }
  for i = 1, nstars do
    local s = stars[i]
    for _ = 1, s.nsat do
      galaxy.add_inner(take_code(), sat_kinds[rng.weighted(sat_weights)], s.code)
    end
  end

  -- Home stars: farthest-point picks over link distance, among stars with two or more links.
  local cand = {}
  for i = 1, nstars do
    local planet_room = stars[i].nsat > 0 or deg[i] < MAX_LINKS
    if deg[i] >= 2 and stars[i].kind ~= "black" and planet_room then cand[#cand + 1] = i end
  end
  if #cand < n then
    error(string.format("only %d stars can be home stars for %d empires; raise "
      .. "galaxy.stars_per_empire", #cand, n), 0)
  end
  rng.shuffle(cand)
  local homes_idx = { cand[1] }
  local nearest = {}  -- star index -> links to the nearest chosen home
  local function add_distances(i)
    local hops = galaxy.hops(stars[i].code)
    for _, k in ipairs(cand) do
      local h = hops[stars[k].code] or 1e9
      if not nearest[k] or h < nearest[k] then nearest[k] = h end
    end
  end
  add_distances(cand[1])
  while #homes_idx < n do
    local best, besti = -1, nil
    for _, k in ipairs(cand) do
      if nearest[k] > best then best, besti = nearest[k], k end
    end
    homes_idx[#homes_idx + 1] = besti
    add_distances(besti)
  end
  -- The closest pair of homes decides whether the map gives room to expand.
  local closest = 1e9
  for a = 1, #homes_idx do
    local hops = galaxy.hops(stars[homes_idx[a]].code)
    for b = a + 1, #homes_idx do
      local h = hops[stars[homes_idx[b]].code] or 1e9
      if h < closest then closest = h end
    end
  end
  if n > 1 and closest < p.min_home_hops then
    error(string.format("home stars could only be placed %d links apart (galaxy.min_home_hops "
      .. "is %d); raise galaxy.stars_per_empire or lower galaxy.min_home_hops", closest,
      p.min_home_hops), 0)
  end

  local homes = {}
  for _, i in ipairs(homes_idx) do
    local s = stars[i]
    galaxy.set_kind(s.code, C.home_kind)
    local planet
    for _, sat in ipairs(galaxy.inner(s.code)) do
      if not planet and galaxy.kind(sat) == C.home_planet_kind then planet = sat end
    end
    if not planet then
      if galaxy.degree(s.code) >= MAX_LINKS then
        -- Make room: turn one belt into the home planet.
        local sats = galaxy.inner(s.code)
        planet = sats[1]
        galaxy.set_kind(planet, C.home_planet_kind)
      else
        planet = take_code()
        galaxy.add_inner(planet, C.home_planet_kind, s.code)
      end
    end
    homes[#homes + 1] = { star = s.code, planet = planet }
  end
  return homes
end

return G
