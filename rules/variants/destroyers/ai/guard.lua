-- Step "guard" (variant "destroyers"): builds destroyers (NEWDST), 2 in defence for 6 BPs and
-- free to move later, with ai.guard_share percent of the balance: first at the systems the
-- "defend" step found threatened, then at the site closest to other empires. Each site builds
-- as many as its population and industry allow. One order per site, at most two.

local S = {}
local C = rules.const.ai
local SHIPS = rules.const.ships

-- Systems where ships can be built, threatened ones first, then by links to other empires.
local function sites(p, v)
  local enemies = v:enemies()
  local dist = #enemies > 0 and v:bfs(enemies, function(n) return v.mine[n] == true end) or {}
  local threatened = p.notes.threatened or {}
  local list = {}
  for _, s in ipairs(v.owned) do
    local most = math.min(p:population(s), v:limit(s), p:industry(s))
    if most > 0 and not v:blockaded(s) and (threatened[s] or dist[s]) then
      list[#list + 1] = { sys = s, most = most, first = threatened[s] and 0 or 1,
        d = dist[s] or math.huge }
    end
  end
  table.sort(list, function(a, b)
    if a.first ~= b.first then return a.first < b.first end
    if a.d ~= b.d then return a.d < b.d end
    return a.sys < b.sys
  end)
  return list
end

function S.run(p, v)
  local budget = math.floor(p.balance * C.guard_share / 100)
  local orders = 0
  for _, site in ipairs(sites(p, v)) do
    if orders >= 2 or p:left() < 1 then break end
    local n = math.min(site.most, math.floor(budget / SHIPS.destroyer))
    if n < 1 then break end
    if p:add({ action = "NEWDST", from = site.sys, number = n, why = string.format(
        "%s to guard %s", p.count(n, "destroyer"), p.code(site.sys)) },
        n * SHIPS.destroyer) then
      budget = budget - n * SHIPS.destroyer
      orders = orders + 1
    end
  end
end

return S
