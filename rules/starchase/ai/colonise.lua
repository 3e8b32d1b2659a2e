-- Step "colonise": plants colonies (COLONISE, rule 6.5) in every owned system that can hold
-- population and has none. A colony ship throws a colony into an empty neighbour of its
-- system (claimed earlier in the sheet or before), then plants where it is if that is empty
-- too; a ship with nothing to do moves (MOVECOL) one link towards the nearest empty system
-- and plants there on arrival. When empty systems are waiting and no ship is close, it
-- builds colony ships (NEWCOL) where ships can be built nearest to them, at most
-- ai.colony_ships_max in all, with ai.colonise_share percent of the balance.

local S = {}
local CONST = import("ai/const")
local C = CONST.ai
local COST = CONST.actions
local SHIPS = CONST.ships

-- True if a colony can be planted at sys this turn.
local function open(p, v, sys)
  return (v.mine[sys] or p.claimed[sys]) and p:population(sys) == 0 and not p.grown[sys]
    and v:limit(sys) > 0 and not v:blockaded(sys)
end

-- Empty systems waiting for a colony, best first.
local function waiting(p, v)
  local list, seen = {}, {}
  local function consider(s)
    if not seen[s] and open(p, v, s) then
      seen[s] = true
      list[#list + 1] = s
    end
  end
  for _, s in ipairs(v.owned) do consider(s) end
  local claimed = {}
  for s in pairs(p.claimed) do claimed[#claimed + 1] = s end
  table.sort(claimed)
  for _, s in ipairs(claimed) do consider(s) end
  return list
end

local function plant(p, sys, why)
  if p:add({ action = "COLONISE", from = sys, why = why }, COST.colonise) then
    p.grown[sys] = true
    p.pop[sys] = 1
    p.sticky[sys] = true
    return true
  end
  return false
end

local function throw(p, v, from, to)
  if p:add({ action = "COLONISE", from = from, to = to, why = string.format(
      "throw a colony into empty %s (%s, limit %d)", p.code(to), v:kind(to).name:lower(),
      v:limit(to)) }, COST.colonise) then
    p.grown[to] = true
    p.pop[to] = 1
    p.sticky[from] = true
    return true
  end
  return false
end

-- The best empty neighbour of sys to throw a colony into.
local function throw_target(p, v, sys)
  local best
  local links = v:links(sys)
  for i = 1, #links do
    local n = links[i]
    if open(p, v, n) and (not best or v:limit(n) > v:limit(best)) then best = n end
  end
  return best
end

-- Systems holding colony ships, by code (owned now; captured ones are stuck).
local function ship_systems(p, v)
  local list = {}
  local owned = v.owned
  for i = 1, #owned do
    local s = owned[i]
    if p:colony_ships(s) > 0 then list[#list + 1] = s end
  end
  return list
end

-- Passable for colony ships' searches: systems the sheet owns.
local function owns_of(p)
  local mine, claimed = p.v.mine, p.claimed
  return function(n) return mine[n] == true or claimed[n] == true end
end

-- Builds colony ships for empty systems no ship is near.
local function build(p, v, empty, ships)
  if #empty == 0 then return end
  local total = 0
  for _, s in ipairs(ships) do total = total + p:colony_ships(s) end
  if total >= C.colony_ships_max then return end
  local owns = owns_of(p)
  local near = v:bfs(ships, owns, 2)
  local far = {}
  for _, s in ipairs(empty) do
    if not near[s] then far[#far + 1] = s end
  end
  if #far < C.newcol_waiting then return end
  local dist = v:bfs(far, owns)
  local site
  local owned = v.owned
  for i = 1, #owned do
    local s = owned[i]
    local d = dist[s]
    -- (The build limit is read only where a site could win: it reads no state.)
    if d and (not site or d < dist[site])
        and v:build_limit(s, p:population(s), p:industry(s)) > 0 and not v:blockaded(s) then
      site = s
    end
  end
  if not site then return end
  local afford = math.floor(p.balance * C.colonise_share / 100)
  if afford < SHIPS.colony_ship then return end
  if p:add({ action = "NEWCOL", from = site, number = 1, why = string.format(
      "a colony ship for %s no colony ship is near", p.count(#far, "empty system")) },
      SHIPS.colony_ship) then
    p:shift(p.col, site, "colony_ships", 1)
  end
end

-- Moves k colony ships from sys one link towards the nearest empty system and plants there.
-- searched[codes] keeps the hops to the empty systems `codes` (the list's codes joined) for
-- the rest of the step: colonising claims nothing, so a list with the same systems needs no
-- new search.
local function walk(p, v, sys, empty, k, searched)
  if #empty == 0 or p.sticky[sys] then return end
  local key = table.concat(empty, " ")
  local dist = searched[key]
  if not dist then
    dist = v:bfs(empty, owns_of(p))
    searched[key] = dist
  end
  if not dist[sys] then return end
  local next
  local links = v:links(sys)
  for i = 1, #links do
    local m = links[i]
    if dist[m] and dist[m] < dist[sys] and p:owns(m) and (not next or dist[m] < dist[next]) then
      next = m
    end
  end
  if not next then return end
  local why = dist[next] == 0 and string.format("to plant a colony at empty %s", p.code(next))
    or string.format("towards empty systems (%d link%s on)", dist[next], dist[next] == 1 and "" or "s")
  if p:add({ action = "MOVECOL", from = sys, to = next, number = k, why = why },
      k * COST.movecol_per_ship) then
    p:shift(p.col, sys, "colony_ships", -k)
    p:shift(p.col, next, "colony_ships", k)
    p.sticky[next] = true
    if open(p, v, next) then plant(p, next, "plant a colony where the colony ship arrived") end
  end
end

function S.run(p, v)
  local ships = ship_systems(p, v)
  local empty = waiting(p, v)
  build(p, v, empty, ships)
  ships = ship_systems(p, v)
  -- The empty systems still waiting, worked out again only after a colony was planted.
  local planted = #p.orders
  local searched = {}
  local function still_empty()
    if #p.orders ~= planted then
      planted = #p.orders
      local left = {}
      for _, s in ipairs(empty) do
        if open(p, v, s) then left[#left + 1] = s end
      end
      empty = left
    end
    return empty
  end
  for _, sys in ipairs(ships) do
    if p:left() < 1 or p.balance < COST.colonise then return end
    local n = p:colony_ships(sys)
    -- Spare ships leave first (a throw would stick them).
    if n > 1 then walk(p, v, sys, still_empty(), n - 1, searched) end
    local target = not p.sticky[sys] and throw_target(p, v, sys)
    local thrown = target and throw(p, v, sys, target)
    if p:colony_ships(sys) > 0 and open(p, v, sys) then
      plant(p, sys, "plant a colony where the colony ship is")
    elseif p:colony_ships(sys) > 0 and not thrown then
      walk(p, v, sys, still_empty(), 1, searched)
    end
  end
end

return S
