-- Step "attack" (dropout and computer players only): takes other empires' systems where a
-- simulated battle (ai/battles.lua, the engine's arithmetic) says a MOVE wins. For each
-- neighbouring system it picks the own system next to it with the most cruisers that can get
-- there this turn (its own free cruisers, plus those of its own neighbours when it is a dwarf
-- star, so they can move in and attack on in the same turn), finds the fewest cruisers that
-- win with ai.attack_survivors left, adds ai.attack_extra for safety, and attacks if the
-- prize (half the population, industry and colony ships, the VPs the owner loses, the system
-- itself, the owner's ships destroyed) is worth the cruisers the battle costs:
-- ai.attack_loss_worth BPs each, less when a big fleet waits with nothing else to do (times
-- ai.attack_fleet / cruisers available, when more are available). Cruisers kept by an
-- earlier step stay put.

local S = {}
local CONST = import("ai/const")
local battles = import("ai/battles")
local fleet = import("lib/fleet")
local C = CONST.ai
local BC = CONST.battle

local function target_defence(v, sys)
  local h = v:h(sys)
  local d = {
    owner = h.owner, colony_ships = h.colony_ships, population = h.population, mode = h.mode,
    ambush = h.ambush, retreat = h.retreat,
  }
  for _, field in ipairs(fleet.defenders) do d[field] = h[field] end
  return d
end

-- What capturing sys is worth, in BPs.
local function prize(v, sys)
  local h = v:h(sys)
  local d = BC.capture_divisor
  local pop, ind, col = math.floor(h.population / d), math.floor(h.industry / d),
    math.floor(h.colony_ships / d)
  local vp_loss = BC.capture_vp_loss + (h.population - pop) + (h.colony_ships - col)
  return ind * C.industry_bps + pop * C.population_bps + col * CONST.ships.colony_ship
    + vp_loss * C.vp_bps + v:limit(sys) + C.system_bps
end

-- Cruisers that can reach staging system s this turn: free ones there, and, if moving into
-- s does not stick, free ones in own neighbours (not `target`). Returns total, sources.
local function gather(v, p, s, target)
  local total = p:free_cruisers(s)
  local sources = {}
  if v:is_dwarf(s) then
    local links, mine, claimed = v:links(s), v.mine, p.claimed
    for i = 1, #links do
      local g = links[i]
      if g ~= target and mine[g] and not claimed[g] then
        local k = p:free_cruisers(g)
        if k > 0 then
          sources[#sources + 1] = { sys = g, n = k }
          total = total + k
        end
      end
    end
    -- Most cruisers first, then by code: an insertion sort in Lua (a handful of neighbours;
    -- the engine's table.sort would call a comparator from C for each pair).
    for i = 2, #sources do
      local x, j = sources[i], i - 1
      while j >= 1 and (x.n > sources[j].n or (x.n == sources[j].n and x.sys < sources[j].sys)) do
        sources[j + 1] = sources[j]
        j = j - 1
      end
      sources[j + 1] = x
    end
  end
  return total, sources
end

function S.run(p, v)
  local targets = {}
  for _, t in ipairs(v:enemies()) do
    if not p.claimed[t] then targets[#targets + 1] = { sys = t, prize = prize(v, t) } end
  end
  table.sort(targets, function(a, b)
    if a.prize ~= b.prize then return a.prize > b.prize end
    return a.sys < b.sys
  end)
  local attacks = 0
  for _, t in ipairs(targets) do
    if attacks >= C.attacks_per_turn or p:left() < 1 then break end
    local target = t.sys
    local d = target_defence(v, target)
    local best
    for _, s in ipairs(v:links(target)) do
      if v.mine[s] and not p.claimed[s] and not p.sticky[s] then
        local total, sources = gather(v, p, s, target)
        if total > 0 then
          local n, r = battles.fewest(v, v.empire, s, total, target, d, C.attack_survivors)
          if n and (not best or r.attackers_lost < best.r.attackers_lost
              or (r.attackers_lost == best.r.attackers_lost and n < best.n)) then
            best = { s = s, n = n, r = r, total = total, sources = sources }
          end
        end
      end
    end
    local ok = false
    if best then
      local r = best.r
      local loss = r.attackers_lost * C.attack_loss_worth * math.min(1, C.attack_fleet / best.total)
      local kills = (r.cruisers_lost * CONST.ships.cruiser + r.fighters_lost
        * CONST.ships.fighter) * C.kill_worth / 100
      ok = loss <= t.prize + kills
    end
    if ok then
      local n = math.min(best.total, best.n + C.attack_extra)
      local here = p:free_cruisers(best.s)
      local need = n - here
      local moves = {}
      for _, src in ipairs(best.sources) do
        if need <= 0 then break end
        local k = math.min(src.n, need)
        moves[#moves + 1] = { sys = src.sys, n = k }
        need = need - k
      end
      if p:left() >= #moves + 1 and p.balance >= (#moves + 1) * CONST.actions.move then
        for _, m in ipairs(moves) do
          p:add({ action = "MOVE", from = m.sys, to = best.s, number = m.n, why = string.format(
            "gather at %s for the attack on %s", p.code(best.s), p.code(target)) },
            CONST.actions.move)
          p:move_cruisers(m.sys, best.s, m.n, false)
        end
        local r = battles.fight(v, v.empire, best.s, n, target, d)
        p:add({ action = "MOVE", from = best.s, to = target, number = n, why = string.format(
          "attack %s's %s: a simulated battle wins, losing %d of %s", d.owner,
          p.code(target), r.attackers_lost, p.count(n, "cruiser")) }, CONST.actions.move)
        p:move_cruisers(best.s, target, n, false)
        p.crs[target] = r.attackers_left
        p.claimed[target] = true
        if not v:is_dwarf(target) or d.colony_ships > 0 then p.sticky[target] = true end
        p.pop[target] = math.floor(d.population / BC.capture_divisor)
        p.ind[target] = math.floor(v:h(target).industry / BC.capture_divisor)
        p.ftr[target] = 0
        p.col[target] = math.floor(d.colony_ships / BC.capture_divisor)
        p.grown[target] = true -- a captured system is not grown or colonised this turn
        attacks = attacks + 1
      end
    end
  end
end

return S
