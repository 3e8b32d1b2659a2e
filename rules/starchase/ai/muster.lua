-- Step "muster" (dropout and computer players): turns BPs that growth and industry could not
-- use (ai.muster_min or more) into cruisers (NEWCRS) where ships can be built closest to other
-- empires' systems, so the "attack" step finds fleets that win next turn. At most
-- ai.muster_orders orders; every site builds as many as its population and industry allow.

local S = {}
local CONST = import("ai/const")
local C = CONST.ai
local SHIPS = CONST.ships

function S.run(p, v)
  local enemies = v:enemies()
  if #enemies == 0 or p.balance < C.muster_min then return end
  local dist = v:bfs(enemies, function(n) return v.mine[n] == true end)
  local sites = {}
  for _, s in ipairs(v.owned) do
    local most = v:build_limit(s, p:population(s), p:industry(s))
    if most > 0 and dist[s] and not v:blockaded(s) then
      sites[#sites + 1] = { sys = s, most = most, d = dist[s] }
    end
  end
  table.sort(sites, function(a, b)
    if a.d ~= b.d then return a.d < b.d end
    if a.most ~= b.most then return a.most > b.most end
    return a.sys < b.sys
  end)
  local orders = 0
  for _, site in ipairs(sites) do
    if orders >= C.muster_orders or p:left() < 1 then break end
    local n = math.min(site.most, math.floor(p.balance / SHIPS.cruiser))
    if n < 1 then break end
    if p:add({ action = "NEWCRS", from = site.sys, number = n, why = string.format(
        "%s for attacks on other empires %s away, with BPs growth and industry cannot use",
        p.count(n, "cruiser"), p.count(site.d, "link")) }, n * SHIPS.cruiser) then
      p:shift(p.crs, site.sys, "cruisers", n)
      orders = orders + 1
    end
  end
end

return S
