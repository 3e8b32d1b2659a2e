-- The computer player's view of the galaxy at the start of a turn, for one empire: holdings,
-- links, kinds and tech levels read once and cached, the empire's territory, its frontier
-- (unowned systems next to it), its borders (other empires' systems next to it) and hop
-- distances. Nothing here changes the state.
--
-- The computer decides only from what the empire's own report shows (RULINGS.md "Missed and
-- late orders", "Visibility and reports"; docs/report.md): the systems it has seen (kind and
-- position), the contents of the systems it owns and of those it scouted last turn (owner,
-- population, industry, ships; never another empire's defence mode, ambush or retreat
-- setting), the links drawn on its map (from systems it has explored to systems it has seen),
-- and the other empires' top tech levels in the game report's roundup. Anything else is
-- unknown: an unscouted system looks empty and unowned, an unseen one is not on the map.

local st = import("lib/st")
local V = {}
local mmin, mmax, mfloor = math.min, math.max, math.floor
local CONST = import("ai/const")
V.__index = V

local KIND = rules.kind
local INF = 1000000
local SIGHTS = { "seen", "scouted", "explored" }
local SHIPS = CONST.ships
local CRUISER, FIGHTER, COLONY_SHIP = SHIPS.cruiser, SHIPS.fighter, SHIPS.colony_ship
local COLONY_SHIP_STRENGTH = SHIPS.colony_ship_strength
local SUPPLY_DIVISOR = CONST.economy.supply_divisor

-- A fresh view for `empire`, whose computer player plays in `mode`.
function V.new(empire, mode)
  local v = setmetatable({
    empire = empire,
    mode = mode,
    turn = state.turn() + 1, -- the turn the orders are written for
    emp = state.empire(empire),
    techs = st.techs(empire),
    owned = st.owned(empire), -- by code
    mine = {},
    hold = {},
    link_cache = {},
    kind_cache = {},
    blockade_cache = {},
    other_techs = {},
    seen = {},
    scouted = {},
    explored = {},
    -- The methods as the view's own fields: a call then finds them without the metatable's
    -- lookup, which the interpreter makes in C (the steps call them thousands of times). In
    -- the constructor, so that the table is made at its size at once; any method not listed
    -- here is still found through the metatable.
    knows = V.knows, h = V.h, links = V.links, kind = V.kind, is_planet = V.is_planet,
    is_dwarf = V.is_dwarf, tech = V.tech, tech_of = V.tech_of, limit = V.limit,
    build_limit = V.build_limit, income_at = V.income_at, supply_at = V.supply_at,
    blockaded = V.blockaded, bfs = V.bfs, frontier = V.frontier, enemies = V.enemies,
    threat = V.threat,
  }, V)
  -- (Plain loops into local sets: the sight sets hold hundreds of systems, every view.)
  for _, name in ipairs(SIGHTS) do
    local set, list = v[name], st.sight(empire, name)
    for i = 1, #list do set[list[i]] = true end
  end
  local owned, mine, seen, explored = v.owned, v.mine, v.seen, v.explored
  for i = 1, #owned do
    local s = owned[i]
    mine[s], seen[s], explored[s] = true, true, true
  end
  return v
end

-- A kind row as a plain table (rules.kind's rows are read-only views: a metamethod lookup per
-- field, and the players read these fields for every system many times a turn). Made once per
-- kind: they are the pack's, not the game's.
local plain_kinds = {}
local function kind_of(sys)
  local name = galaxy.kind(sys)
  local k = plain_kinds[name]
  if k == nil then
    local row = KIND[name]
    if row == nil then return nil end
    k = {}
    for field, value in pairs(row) do k[field] = value end
    plain_kinds[name] = k
  end
  return k
end

-- True if the empire's report shows what is in the system: it owns it or scouted it.
function V:knows(sys) return self.mine[sys] == true or self.scouted[sys] == true end

-- The holding of a system as the empire's report shows it (a cached copy: never written back):
-- its own systems in full; a scouted one without the owner's defence settings; any other
-- system empty and unowned.
-- (Called for every system a step looks at, often again: the cache is read first.)
function V:h(sys)
  local v = self.hold[sys]
  if v ~= nil then return v end
  local h = state.holding(sys)
  if self.mine[sys] then
    v = h
  elseif self.scouted[sys] then
    h.mode, h.ambush, h.retreat = nil, nil, nil
    v = h
  else
    v = { unknown = true, population = 0, industry = 0, colony_ships = 0 }
    for field, n in pairs(h) do
      if type(n) == "number" and v[field] == nil and field ~= "system" then v[field] = 0 end
    end
  end
  self.hold[sys] = v
  return v
end

-- Systems linked to sys on the empire's map: links of a system it has explored (owned,
-- scouted or probed) to systems it has seen, by code; none for a system it has not seen.
function V:links(sys)
  local out = self.link_cache[sys]
  if out ~= nil then return out end
  local seen = self.seen
  if seen[sys] then
    -- The engine's list is a new table on every call: it is filtered in place and kept,
    -- rather than copied into another one (every view asks for hundreds of systems).
    out = galaxy.links(sys)
    local kept = 0
    local explored = self.explored
    local from_explored = explored[sys]
    for i = 1, #out do
      local n = out[i]
      if seen[n] and (from_explored or explored[n]) then
        kept = kept + 1
        out[kept] = n
      end
    end
    for i = #out, kept + 1, -1 do out[i] = nil end
  else
    out = {}
  end
  self.link_cache[sys] = out
  return out
end

-- The kind row of a system (rules.kind).
function V:kind(sys)
  local k = self.kind_cache[sys]
  if k == nil then
    k = kind_of(sys)
    self.kind_cache[sys] = k
  end
  return k
end

-- True if the system is a planet (population counts double, agri tech pays).
function V:is_planet(sys) return self:kind(sys).code == "planet" end

-- True if a cruiser move into the system does not make it sticky (dwarf stars).
function V:is_dwarf(sys) return self:kind(sys).dwarf == true end

-- The empire's level of a tech (as raised by orders planned so far).
function V:tech(code) return self.techs[code] or 0 end

-- Another empire's tech levels as the game report's roundup shows them: its
-- ROUNDUP_TECHS highest levels (ties in the pack's tech order, as engine/report does); any
-- other level is at most the lowest of those, which is what the computer assumes.
local ROUNDUP_TECHS = 3
local TECH_CODES = {} -- the techs' codes in the pack's order, made once
for i, t in ipairs(rules.techs) do TECH_CODES[i] = t.code end
-- (The ROUNDUP_TECHS highest are picked in one pass, the highest level first and the first in
-- the pack's order among equal levels, as sorting them all would order them: every view asks
-- for every other empire each turn.)
local function roundup_levels(empire)
  local levels = st.techs(empire)
  local codes = TECH_CODES
  local want = mmin(ROUNDUP_TECHS, #codes)
  -- One pass keeping the best `want` so far, highest first and in the pack's order among
  -- equal levels (a later code displaces only a strictly lower level).
  local top_code, top_level, count = {}, {}, 0
  for i = 1, #codes do
    local code = codes[i]
    local l = levels[code] or 0
    local pos = count + 1
    while pos > 1 and l > top_level[pos - 1] do pos = pos - 1 end
    if pos <= want then
      for j = mmin(count, want - 1), pos, -1 do
        top_code[j + 1], top_level[j + 1] = top_code[j], top_level[j]
      end
      top_code[pos], top_level[pos] = code, l
      if count < want then count = count + 1 end
    end
  end
  local shown, floor = {}, 0
  for j = 1, count do
    shown[top_code[j]] = top_level[j]
    floor = top_level[j]
  end
  -- Every other tech of the pack at that floor, as fields (the battles ask for WT and DT
  -- hundreds of times); anything else asked is the floor too.
  for i = 1, #codes do
    if shown[codes[i]] == nil then shown[codes[i]] = floor end
  end
  return setmetatable(shown, { __index = function() return floor end })
end

-- Another empire's level of a tech, as far as the empire's reports tell (roundup_levels).
function V:tech_of(empire, code)
  local levels = self.other_techs[empire]
  if levels == nil then
    levels = roundup_levels(empire)
    self.other_techs[empire] = levels
  end
  return levels[code] or 0
end

-- Productive population limit of a system for this empire (black dwarfs: life support).
function V:limit(sys)
  local k = self:kind(sys)
  if k.pop_limit_tech then return self:tech(k.pop_limit_tech) end
  return k.pop_limit
end

-- Ships one NEW* order can build at sys with `pop` population and `ind` industry (rule 6.1,
-- RULINGS.md "Economy"): min(population, industry), the population capped by the limit only
-- where the limit is a tech level (black dwarfs: Life Support).
function V:build_limit(sys, pop, ind)
  if self:kind(sys).pop_limit_tech then pop = mmin(pop, self:limit(sys)) end
  return mmin(pop, ind)
end

-- Income a system would yield this empire with `pop` population and `ind` industry at tech
-- levels `techs` (rule 2.10; variant extras are not counted).
function V:income_at(sys, pop, ind, techs)
  techs = techs or self.techs
  local k = self:kind(sys)
  if not k.yields_income then return 0 end
  local lim = k.pop_limit_tech and (techs[k.pop_limit_tech] or 0) or k.pop_limit
  return V.income_of(k, lim, techs, pop, ind)
end

-- V:income_at for a system of kind row k whose population limit at `techs` is lim, without
-- looking them up (ai/develop.lua scores several populations of one system).
function V.income_of(k, lim, techs, pop, ind)
  if not k.yields_income then return 0 end
  local p = mmin(pop, lim)
  local income = p + mmin(p, ind)
  if k.code == "planet" then
    income = income + mmin(p, techs.AT or 0)
  else
    income = income + mmin(ind, p, techs.IT or 0)
  end
  return income
end

-- Supply a system would cost with these ships and population (rule 2.12).
function V:supply_at(sys, pop, cruisers, fighters, colony_ships, st_level)
  return V.supply_of(V.ships_supply(cruisers, fighters, colony_ships), self:limit(sys),
    st_level or self.techs.ST or 0, pop)
end

-- The supply these ships cost before population and supply tech count (rule 2.12).
function V.ships_supply(cruisers, fighters, colony_ships)
  return mfloor((cruisers * CRUISER + fighters * FIGHTER + colony_ships * COLONY_SHIP)
    / SUPPLY_DIVISOR)
end

-- V:supply_at from the ships' supply (V.ships_supply), the population limit, the supply
-- tech level and the population.
function V.supply_of(ships, lim, st_level, pop)
  return mmax(0, ships - mmin(pop, lim) - st_level)
end

-- True if the planet is blockaded now (rule 2.14).
-- (It reads only the view, which does not change: the answer is kept, as several steps ask
-- for every owned system.)
function V:blockaded(sys)
  local b = self.blockade_cache[sys]
  if b ~= nil then return b end
  b = false
  if self:kind(sys).inner then
    local h = self:h(sys)
    local s = self:h(galaxy.parent(sys))
    if s.owner and h.owner and s.owner ~= h.owner then
      local strength = s.cruisers + s.fighters + COLONY_SHIP_STRENGTH * s.colony_ships
      b = strength > h.population + h.cruisers
    end
  end
  self.blockade_cache[sys] = b
  return b
end

-- Hop distances from `sources` (a list of systems) through systems for which
-- passable(sys) is true; sources are always entered. Returns {[sys] = hops}.
function V:bfs(sources, passable, max_depth)
  local dist, queue, head = {}, {}, 1
  for _, s in ipairs(sources) do
    if dist[s] == nil then
      dist[s] = 0
      queue[#queue + 1] = s
    end
  end
  max_depth = max_depth or INF
  -- (Links read from the cache first and counted queue ends: a view runs several searches
  -- over its territory a turn.)
  local cache, tail = self.link_cache, #queue
  while head <= tail do
    local s = queue[head]
    head = head + 1
    local d = dist[s]
    if d < max_depth then
      local links = cache[s] or self:links(s)
      for i = 1, #links do
        local n = links[i]
        if dist[n] == nil and passable(n) then
          dist[n] = d + 1
          tail = tail + 1
          queue[tail] = n
        end
      end
    end
  end
  return dist
end

-- The territory's unowned neighbours and other empires' neighbouring systems, each sorted by
-- code, worked out together on the first call of frontier() or enemies(): one pass over the
-- territory's links.
local function borders(self)
  local me, owned, hold, mine = self.empire, self.owned, self.hold, self.mine
  local front, enemy, listed = {}, {}, {}
  for i = 1, #owned do
    local links = self:links(owned[i])
    for j = 1, #links do
      local n = links[j]
      -- (The empire's own systems are neither; their holdings are read when a step needs
      -- them.)
      if not listed[n] and not mine[n] then
        local o = (hold[n] or self:h(n)).owner
        if not o then
          listed[n] = true
          front[#front + 1] = n
        elseif o ~= me then
          listed[n] = true
          enemy[#enemy + 1] = n
        end
      end
    end
  end
  table.sort(front)
  table.sort(enemy)
  self._frontier, self._enemies = front, enemy
end

-- Unowned systems linked to the territory, by code.
function V:frontier()
  if not self._frontier then borders(self) end
  return self._frontier
end

-- Other empires' systems linked to the territory, by code.
function V:enemies()
  if not self._enemies then borders(self) end
  return self._enemies
end

-- Attack strength the strongest neighbour could bring against sys with one MOVE: its
-- cruisers in one linked system plus its weapons tech. Returns strength, system, owner.
function V:threat(sys)
  local best, from, owner = 0, nil, nil
  local links, hold, mine, me = self.link_cache[sys] or self:links(sys), self.hold, self.mine,
    self.empire
  for i = 1, #links do
    local n = links[i]
    local h = not mine[n] and (hold[n] or self:h(n))
    if h and h.owner and h.owner ~= me and h.cruisers > 0 then
      local s = h.cruisers + self:tech_of(h.owner, "WT")
      if s > best or (s == best and from and n < from) then best, from, owner = s, n, h.owner end
    end
  end
  return best, from, owner
end

V.INF = INF

return V
