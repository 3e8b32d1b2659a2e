-- Step "probe" (dropout and computer players): uses the probe boxes (rule 5.2). With no
-- active probe it launches one at the base (or the first system the empire owns); the active
-- probe then moves one link per box towards the nearest system of another empire that the
-- territory does not touch yet, or else towards the farthest system its search reached
-- (ai.probe_search systems), so the reports show what lies beyond the frontier.

local st = import("lib/st")
local S = {}
local CONST = import("ai/const")
local C = CONST.ai

-- A path of up to `steps` links from `from` towards the nearest system for which want(s) is
-- true, as a list of systems (without `from`).
local function path(v, from, want, steps)
  local prev, queue, head, tail = { [from] = from }, { from }, 1, 1
  local goal
  local search, cache = C.probe_search, v.link_cache
  while head <= tail and head <= search do
    local s = queue[head]
    head = head + 1
    if s ~= from and want(s) then
      goal = s
      break
    end
    local links = cache[s] or v:links(s)
    for i = 1, #links do
      local n = links[i]
      if prev[n] == nil then
        prev[n] = s
        tail = tail + 1
        queue[tail] = n
      end
    end
  end
  if not goal then
    goal = queue[math.min(tail, search)]
    if goal == from then return {} end
  end
  local rev = {}
  while goal ~= from do
    rev[#rev + 1] = goal
    goal = prev[goal]
  end
  local out = {}
  for i = #rev, math.max(1, #rev - steps + 1), -1 do out[#out + 1] = rev[i] end
  return out
end

function S.run(p, v)
  local boxes = v:tech(CONST.game.probe_tech)
  if boxes < 1 then return end
  local active
  for _, pr in ipairs(st.probes(v.empire)) do
    if pr.active then active = pr.system end
  end
  local touching = {}
  for _, s in ipairs(v:enemies()) do touching[s] = true end
  local mine, scouted = v.mine, v.scouted
  local function want(s)
    -- A system the report shows nothing of looks unowned: no holding to read (the search
    -- passes up to ai.probe_search systems, most of them beyond what the empire knows); the
    -- empire's own are not wanted.
    if mine[s] or not scouted[s] then return false end
    local o = v:h(s).owner
    return o ~= nil and o ~= v.empire and not touching[s]
  end
  if not active then
    local home = v.emp.base
    if not (home and v.mine[home]) then home = v.owned[1] end
    if not home then return end
    p.probes[#p.probes + 1] = home
    active = home
    boxes = boxes - 1
  end
  for _, s in ipairs(path(v, active, want, boxes)) do p.probes[#p.probes + 1] = s end
end

return S
