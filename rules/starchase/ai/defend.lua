-- Step "defend": holds the borders (rule 1.5: "defending your borders"). For each system worth
-- keeping (population plus industry at least ai.defend_min_value) next to another empire's
-- cruisers, it sets an AMBUSH against the strongest neighbour (first shot and one extra loss
-- against a MOVE from there, rule 4.2), simulates that neighbour's best MOVE (its cruisers
-- there plus a share, ai.threat_gather percent, of those it could bring in from next door),
-- and if the attack would win, keeps every cruiser there, builds fighters (NEWFTR), places
-- cruisers from the reserve (RESERVE) and brings free cruisers in from safe neighbours until
-- it would not. Where the system holds out, only the cruisers it needs are kept; the rest
-- are free for other steps. It never attacks.

local S = {}
local CONST = import("ai/const")
local battles = import("ai/battles")
local C = CONST.ai
local SHIPS = CONST.ships

-- The attack a neighbour could make on sys: strongest neighbouring system, owner, cruisers.
local function threat(v, sys)
  local _, from, owner = v:threat(sys)
  if not from then return nil end
  local n = v:h(from).cruisers
  if v:is_dwarf(from) then
    local extra = 0
    for _, m in ipairs(v:links(from)) do
      local h = v:h(m)
      if m ~= sys and h.owner == owner then extra = extra + h.cruisers end
    end
    n = n + math.floor(extra * C.threat_gather / 100)
  end
  return from, owner, n
end

local function defender(v, p, sys, ambush_from)
  local h = v:h(sys)
  return {
    owner = v.empire, cruisers = p:cruisers(sys), fighters = p:fighters(sys),
    colony_ships = p:colony_ships(sys), population = p:population(sys),
    mode = ambush_from and "ambush" or h.mode, ambush = ambush_from or h.ambush,
    retreat = h.retreat,
  }
end

-- True if the attack on sys would win.
local function falls(v, p, sys, from, owner, n)
  local d = defender(v, p, sys, from)
  return battles.wins(v, owner, from, n, sys, d)
end

-- Fighters to build at sys (at most `most`) so that it holds; 0 if none are enough.
local function fighters_needed(v, p, sys, from, owner, n, most)
  local d = defender(v, p, sys, from)
  local base = p:fighters(sys)
  return battles.smallest(1, most, function(f)
    d.fighters = base + f
    return not battles.wins(v, owner, from, n, sys, d)
  end) or 0
end

local function worth_keeping(p, sys)
  return p:population(sys) + p:industry(sys) >= C.defend_min_value
end

function S.run(p, v)
  local list = {}
  for _, sys in ipairs(v.owned) do
    if worth_keeping(p, sys) then
      local from, owner, n = threat(v, sys)
      if from then
        list[#list + 1] = { sys = sys, from = from, owner = owner, n = n,
          value = p:population(sys) + p:industry(sys) }
      end
    end
  end
  table.sort(list, function(a, b)
    if a.value ~= b.value then return a.value > b.value end
    return a.sys < b.sys
  end)
  local budget = math.floor(p.balance * C.defence_share / 100)
  p.notes.threatened = {}
  for _, t in ipairs(list) do
    local sys, from, owner, n = t.sys, t.from, t.owner, t.n
    if p:left() < 2 then break end
    local h = v:h(sys)
    if not (h.mode == "ambush" and h.ambush == from) then
      p:add({ action = "AMBUSH", from = sys, to = from, why = string.format(
        "%s has %s next door at %s: ambush a move from there", owner,
        p.count(v:h(from).cruisers, "cruiser"), p.code(from)) })
    end
    if falls(v, p, sys, from, owner, n) then
      p.notes.threatened[sys] = true
      p:commit(sys, p:cruisers(sys))
      -- Fighters where ships can be built.
      local most = v:build_limit(sys, p:population(sys), p:industry(sys))
      most = math.min(most, math.floor(budget / SHIPS.fighter))
      if most > 0 and not v:blockaded(sys) then
        local f = fighters_needed(v, p, sys, from, owner, n, most)
        if f == 0 then f = most end
        if p:add({ action = "NEWFTR", from = sys, number = f, why = string.format(
            "%s so that %s's %s cannot take %s", p.count(f, "fighter"), owner,
            p.count(n, "cruiser"), p.code(sys)) },
            f * SHIPS.fighter) then
          budget = budget - f * SHIPS.fighter
          p:shift(p.ftr, sys, "fighters", f)
        end
      end
      -- Cruisers from the reserve.
      local reserve = v.emp.reserve - (p.notes.reserve_used or 0)
      if falls(v, p, sys, from, owner, n) and reserve > 0 and not p.used.LAYUP and not p.used.RECOVER
          and p:population(sys) > 0 and p:industry(sys) > 0 then
        local r = math.min(reserve, v:tech("RS") + p:population(sys) + p:industry(sys))
        if p:add({ action = "RESERVE", from = sys, number = r, why = string.format(
            "%s from the reserve to hold %s", p.count(r, "cruiser"), p.code(sys)) }, r) then
          p.notes.reserve_used = (p.notes.reserve_used or 0) + r
          p:shift(p.crs, sys, "cruisers", r)
          p:commit(sys, r)
          p.sticky[sys] = true
        end
      end
      -- Free cruisers from neighbours that are not threatened themselves.
      for _, m in ipairs(v:links(sys)) do
        if not falls(v, p, sys, from, owner, n) or p:left() < 2 then break end
        if v.mine[m] and not p.notes.threatened[m] and v:threat(m) == 0 then
          local k = p:free_cruisers(m)
          if k > 0 and p:add({ action = "MOVE", from = m, to = sys, number = k, why = string.format(
              "reinforce %s against %s's cruisers at %s", p.code(sys), owner, p.code(from)) }, 1) then
            p:move_cruisers(m, sys, k, false)
            p:commit(sys, k)
          end
        end
      end
    else
      -- It holds: keep only the cruisers it needs.
      local total = p:cruisers(sys)
      local need = battles.smallest(0, total, function(g)
        p.crs[sys] = g
        return not falls(v, p, sys, from, owner, n)
      end) or total
      p.crs[sys] = total
      p:commit(sys, need)
    end
  end
end

return S
