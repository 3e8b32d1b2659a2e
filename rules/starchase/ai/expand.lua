-- Step "expand" (dropout and computer players only): claims unowned systems next to the
-- territory with single cruisers (SEND, rule 4.12: it never starts a battle), the most
-- valuable first (population limit, Old Empire relics in systems nobody ever owned, and
-- further unowned systems beyond), and walks free cruisers out from the interior along the
-- owned systems to the frontier or to other empires' borders (biggest fleets first, up to
-- ai.moves_per_turn MOVEs), so the empire keeps growing along chains of claimed systems and
-- its fleets stand where the "attack" step can use them. Each claim sticks (rule 3.2), so a
-- cruiser claims one system a turn; when there are more unclaimed systems within reach than
-- cruisers to claim them, it builds cruisers (NEWCRS) where ships can be built closest to the
-- frontier, with at most ai.expand_share percent of the balance.

local S = {}
local CONST = import("ai/const")
local C = CONST.ai
local SHIPS = CONST.ships
local COST = CONST.actions
local CLAIM_LIMIT_CAP, CLAIM_RELICS, CLAIM_BEYOND = C.claim_limit_cap, C.claim_relics,
  C.claim_beyond

-- How much the empire wants an unowned system.
local function value(v, sys)
  local h = v:h(sys)
  local k = v:kind(sys)
  local limit = k.pop_limit_tech and v:tech(k.pop_limit_tech) or k.pop_limit
  local w = math.min(limit, CLAIM_LIMIT_CAP)
  if not h.ever_owned then w = w + CLAIM_RELICS end
  local hold, links = v.hold, v:links(sys)
  for i = 1, #links do
    local n = links[i]
    if not (hold[n] or v:h(n)).owner then w = w + CLAIM_BEYOND end
  end
  return w
end

-- Most wanted first, then by code.
local function wanted(a, b)
  if a.value ~= b.value then return a.value > b.value end
  return a.sys < b.sys
end

-- Unclaimed frontier systems, most wanted first.
local function targets(v, p)
  local list = {}
  local frontier, claimed = v:frontier(), p.claimed
  for i = 1, #frontier do
    local t = frontier[i]
    if not claimed[t] then list[#list + 1] = { sys = t, value = value(v, t) } end
  end
  table.sort(list, wanted)
  return list
end

-- Claims each target from the own neighbour with the most free cruisers.
local function claim(p, v, list)
  for _, t in ipairs(list) do
    if p:left() < 1 or p.balance < COST.send then return end
    if not p.claimed[t.sys] then
      local best, most = nil, 0
      local links, mine, claimed = v:links(t.sys), v.mine, p.claimed
      for i = 1, #links do
        local s = links[i]
        if mine[s] or claimed[s] then
          local k = p:free_cruisers(s)
          if k > most then best, most = s, k end
        end
      end
      if best then
        local h = v:h(t.sys)
        p:add({ action = "SEND", from = best, to = t.sys, number = 1, why = string.format(
          "claim unowned %s (%s%s)", p.code(t.sys), v:kind(t.sys).name:lower(),
          h.ever_owned and "" or ", never owned: Old Empire relics") }, COST.send)
        p:move_cruisers(best, t.sys, 1, true)
      end
    end
  end
end

-- Hops from each own system to the nearest unclaimed target or other empire's system,
-- through own systems.
local function reach(v, p, list)
  local sources = {}
  for _, t in ipairs(list) do
    if not p.claimed[t.sys] then sources[#sources + 1] = t.sys end
  end
  for _, t in ipairs(v:enemies()) do
    if not p.claimed[t] then sources[#sources + 1] = t end
  end
  local mine, claimed = v.mine, p.claimed
  return v:bfs(sources, function(n) return mine[n] == true and not claimed[n] end)
end

-- Moves free cruisers of the interior one or more hops towards the frontier.
local function advance(p, v, dist)
  local movers, size = {}, {}
  local owned = v.owned
  for i = 1, #owned do
    local s = owned[i]
    local d = dist[s]
    if d and d >= 2 then
      local k = p:free_cruisers(s)
      if k > 0 then
        movers[#movers + 1] = s
        size[s] = k
      end
    end
  end
  table.sort(movers, function(a, b)
    if size[a] ~= size[b] then return size[a] > size[b] end
    if dist[a] ~= dist[b] then return dist[a] < dist[b] end
    return a < b
  end)
  local moves = 0
  for _, s in ipairs(movers) do
    local at, n = s, p:free_cruisers(s)
    while n > 0 and dist[at] >= 2 and moves < C.moves_per_turn and p:left() > 0
        and p.balance >= COST.move and not p.sticky[at] do
      local next
      local links, want = v:links(at), dist[at] - 1
      for i = 1, #links do
        local m = links[i]
        if dist[m] == want and v.mine[m] and not p.claimed[m] then
          if not next or (v:is_dwarf(m) and not v:is_dwarf(next)) then next = m end
        end
      end
      if not next then break end
      p:add({ action = "MOVE", from = at, to = next, number = n, why = string.format(
        "towards the frontier and the borders (%d link%s on)", dist[next],
        dist[next] == 1 and "" or "s") }, COST.move)
      p:move_cruisers(at, next, n, false)
      moves = moves + 1
      at = next
    end
  end
end

-- Cruisers to build for claims no cruiser can make soon, and where.
local function build(p, v, list, dist)
  local near = 0
  local owned = v.owned
  for i = 1, #owned do
    local s = owned[i]
    local d = dist[s]
    if d and d <= 2 then near = near + p:free_cruisers(s) end
  end
  local want = math.min(#list, C.claims_per_turn) - near
  if want <= 0 then return end
  local site, site_d
  for i = 1, #owned do
    local s = owned[i]
    local d = dist[s]
    -- (The build limit is read only where a site could win: it reads no state.)
    if d and (not site or d < site_d) and v:build_limit(s, p:population(s), p:industry(s)) > 0
        and not v:blockaded(s) and not p.sticky[s] then
      site, site_d = s, d
    end
  end
  if not site then return end
  local most = v:build_limit(site, p:population(site), p:industry(site))
  local afford = math.floor(p.balance * C.expand_share / 100 / SHIPS.cruiser)
  local n = math.min(want, most, afford)
  if n > 0 and p:add({ action = "NEWCRS", from = site, number = n, why = string.format(
      "%s to claim %s within reach", p.count(n, "cruiser"), p.count(#list, "unowned system")) },
      n * SHIPS.cruiser) then
    p:shift(p.crs, site, "cruisers", n)
  end
end

function S.run(p, v)
  local list = targets(v, p)
  local dist = reach(v, p, list)
  build(p, v, list, dist)
  advance(p, v, dist)
  claim(p, v, list)
end

return S
