-- Movement between hexes (sections 5.2, 5.3, 9.3): phases per hex by drive, slower in dust, the
-- fleet at the pace of its slowest ship, black holes only with the Graviton Drive, the fastest
-- path of a farmove with ties drawn at random, and who may flip or jump where (9.3.1, 9.3.2).

local M = {}

local C = rules.const

-- Phases one hex takes with a drive ("standard", "relativity", ...); nil for "none".
function M.drive_phases(drive)
  local row = C.drives[drive]
  return row and row.phases or nil
end

-- Phases a fleet of `ships` ({drive = ...} each) takes per hex outside dust: its slowest
-- ship's; nil if any ship cannot move (stations, 9.7).
function M.fleet_phases(ships)
  local slowest = 0
  for _, s in ipairs(ships) do
    local p = M.drive_phases(s.drive)
    if not p then return nil end
    slowest = math.max(slowest, p)
  end
  return slowest
end

-- The phases between two dust hexes for a race of type `race_type` (9.3; a traveller's fewer,
-- 16.6).
function M.dust_phases(race_type)
  return import("lib/race_types").least(race_type, "dust_phases", C.movement.dust_phases)
end

-- Phases to move one hex from a hex to the next at `phases` a hex outside dust (9.3): dust to
-- dust takes `dust` (the race's dust_phases) whatever the drive; into or out of dust, half of
-- each, rounded up.
function M.step_phases(phases, from_dust, to_dust, dust)
  dust = dust or C.movement.dust_phases
  if from_dust and to_dust then return dust end
  if from_dust or to_dust then return math.ceil((phases + dust) / 2) end
  return phases
end

-- A hex kind's row from the pack (kinds.toml), asked of the engine once per hex and game.
local KIND = {}
local function kind_of(hex)
  local row = KIND[hex]
  if not row then
    row = rules.kind[galaxy.kind(hex)]
    KIND[hex] = row
  end
  return row
end

-- True if a fleet may enter `hex`: black holes need the Graviton Drive on every ship (5.3).
function M.may_enter(hex, ships)
  if not kind_of(hex).black_hole then return true end
  for _, s in ipairs(ships) do
    if not s.graviton then return false end
  end
  return true
end

-- True if `hex` is stellar dust (a D system or plain dust, 5.2).
function M.dust(hex)
  return kind_of(hex).dust == true
end

-- True if `hex` holds a black hole (5.3).
function M.black_hole(hex)
  return kind_of(hex).black_hole == true
end

-- True if `hex` is empty space: no system, black hole or dust (9.3.2).
function M.empty_space(hex)
  local row = kind_of(hex)
  return not row.black_hole and not row.dust and (row.system or "") == ""
end

-- Why a fleet of `ships` may not flip from `from` to `to` (9.3.1), or nil if it may: it must
-- be in a black hole, every ship with the Graviton Drive, and `to` within flip_range hexes.
function M.cannot_flip(from, to, ships)
  for _, s in ipairs(ships) do
    if not s.graviton then return "not every ship has the Graviton Drive" end
  end
  if not M.black_hole(from) then return "the fleet is not in a black hole hex" end
  if from == to then return "the fleet is already there" end
  if galaxy.distance(from, to) > C.movement.flip_range then
    return string.format("more than %d hexes from the black hole", C.movement.flip_range)
  end
  return nil
end

-- Why a fleet of `ships` may not jump from `from` to `to` (9.3.2), or nil if it may: every ship
-- needs a jump drive; between empty space hexes any jump drive does, to or from any other hex
-- only the Ultimate Jump Drive on every ship.
function M.cannot_jump(from, to, ships)
  local ultimate = true
  for _, s in ipairs(ships) do
    if s.jump ~= "jump" and s.jump ~= "ultimate" then
      return "not every ship has a Jump Drive"
    end
    ultimate = ultimate and s.jump == "ultimate"
  end
  if from == to then return "the fleet is already there" end
  if not ultimate and not (M.empty_space(from) and M.empty_space(to)) then
    return "only the Ultimate Jump Drive on every ship jumps to or from a hex that is not " ..
      "empty space"
  end
  return nil
end

-- Phases to step from hex a to the adjacent hex b at `phases` a hex.
function M.hex_step_phases(a, b, phases, dust)
  return M.step_phases(phases, kind_of(a).dust, kind_of(b).dust, dust)
end

-- A fleet's speed in its current hex for initiative (9.5, 20 step 3c): higher acts first;
-- ships that cannot move have speed 0.
function M.speed(phases, in_dust, dust)
  if not phases then return 0 end
  return 1 / M.step_phases(phases, in_dust, in_dust, dust)
end

-- A binary heap of {key, code} ordered by key, then code (so ties pop in a fixed order).
local function before(x, y)
  return x[1] < y[1] or (x[1] == y[1] and x[2] < y[2])
end

local function heap_push(h, key, code)
  h[#h + 1] = { key, code }
  local i = #h
  while i > 1 do
    local p = math.floor(i / 2)
    if not before(h[i], h[p]) then break end
    h[p], h[i] = h[i], h[p]
    i = p
  end
end

local function heap_pop(h)
  local top = h[1]
  local last = h[#h]
  h[#h] = nil
  if #h > 0 then
    h[1] = last
    local i = 1
    while true do
      local l, r, m = 2 * i, 2 * i + 1, i
      if l <= #h and before(h[l], h[m]) then m = l end
      if r <= #h and before(h[r], h[m]) then m = r end
      if m == i then break end
      h[i], h[m] = h[m], h[i]
      i = m
    end
  end
  return top
end

-- The hexes next to `hex`, asked of the engine once per hex and game (the map never changes).
local NEIGHBOURS = {}
local function neighbours(hex)
  local list = NEIGHBOURS[hex]
  if not list then
    list = galaxy.neighbours(hex)
    NEIGHBOURS[hex] = list
  end
  return list
end

-- Phases from every hex to `goal` for a fleet of `ships` at `phases` a hex (Dijkstra over the
-- map; hexes the fleet may not enter are left out): {[hex] = phases}. With `stop_at`, the
-- search ends once that hex is settled: every hex nearer the goal than it is then exact.
function M.phases_to(goal, phases, ships, stop_at, dust)
  local dist = { [goal] = 0 }
  local h = {}
  heap_push(h, 0, goal)
  while #h > 0 do
    local top = heap_pop(h)
    local d, here = top[1], top[2]
    if here == stop_at and d == dist[here] then break end
    if d == dist[here] then
      for _, n in ipairs(neighbours(here)) do
        if M.may_enter(n, ships) then
          local nd = d + M.hex_step_phases(n, here, phases, dust)
          if not dist[n] or nd < dist[n] then
            dist[n] = nd
            heap_push(h, nd, n)
          end
        end
      end
    end
  end
  return dist
end

-- A fastest path from `from` to `to` (hexes after `from`, ending with `to`), choosing at random
-- among equally fast next hexes (9.3 farmove); nil if `to` cannot be reached.
function M.fastest_path(from, to, phases, ships, dust)
  if not M.may_enter(to, ships) then return nil end
  local dist = M.phases_to(to, phases, ships, from, dust)
  if not dist[from] then return nil end
  local path, here = {}, from
  while here ~= to do
    local best = {}
    for _, n in ipairs(neighbours(here)) do
      if dist[n] and M.may_enter(n, ships) and
          M.hex_step_phases(here, n, phases, dust) + dist[n] == dist[here] then
        best[#best + 1] = n
      end
    end
    here = best[#best == 1 and 1 or rng.below(#best) + 1]
    path[#path + 1] = here
  end
  return path
end

return M
