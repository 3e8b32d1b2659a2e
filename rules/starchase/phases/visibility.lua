-- What each empire may know (rules 1.8, 2.16, 5.1; RULINGS.md "Visibility and reports"),
-- kept in the state as three sets of systems that reports read:
--   scouted   this turn: every system the empire does not own that is linked to a system where
--             it has a cruiser, plus systems it attacked or probed this turn and systems holding
--             its probes; reports show their contents as of the end of the turn.
--   seen      ever seen: stars whose luminosity, or the empire's hyper tech, reaches the squared
--             distance to its nearest owned system; systems linked to one it owns, scouts or
--             probes; the planets and belts of every seen star. Seen-only systems show just
--             their kind and position.
--   explored  ever owned, scouted or probed: their links are known and drawn on the map.

local st = import("lib/st")
local fleet = import("lib/fleet")
local P = { scope = "empire" }

local function add_all(set, list)
  for _, s in ipairs(list) do set[s] = true end
end

-- The members of a set, in no particular order: the engine keeps a set of places sorted
-- (schema.toml's "set of place"), so sorting here would be done twice.
local function as_list(set)
  local out = {}
  for s in pairs(set) do out[#out + 1] = s end
  return out
end

-- What every empire's pass reads of the map, read once per turn: the outer places in code
-- order, their positions and how far (squared) their light reaches, and the places inside
-- each. The map does not change while the passes of one turn run one after another, so the
-- facts are kept by the turn's table (weakly: gone with the turn).
local facts_of_turn = setmetatable({}, { __mode = "k" })
local function map_facts(turn)
  local f = turn and facts_of_turn[turn]
  if f then return f end
  f = { outer = galaxy.outer(), x = {}, y = {}, light = {}, inner = {} }
  for i, star in ipairs(f.outer) do
    f.x[i], f.y[i] = galaxy.pos(star)
    f.light[i] = rules.kind[galaxy.kind(star)].luminosity
    f.inner[star] = galaxy.inner(star)
  end
  if turn then facts_of_turn[turn] = f end
  return f
end

-- Warships (fleet.warships) at a system.
local function warships_at(sys)
  local n = 0
  for _, field in ipairs(fleet.warships) do n = n + (state.value("holding", sys, field) or 0) end
  return n
end

function P.run(empire, turn)
  local owned = st.owned(empire)
  local mine = {}
  add_all(mine, owned)
  local scouted = {}
  for _, sys in ipairs(owned) do
    if warships_at(sys) > 0 then
      for _, n in ipairs(galaxy.links(sys)) do
        if not mine[n] then scouted[n] = true end
      end
    end
  end
  local touched = {}
  if turn and turn.attacked and turn.attacked[empire] then add_all(touched, turn.attacked[empire]) end
  if turn and turn.probed and turn.probed[empire] then add_all(touched, turn.probed[empire]) end
  for _, p in ipairs(st.probes(empire)) do touched[p.system] = true end
  for sys in pairs(touched) do
    if not mine[sys] then scouted[sys] = true end
  end

  local seen = {}
  add_all(seen, st.sight(empire, "seen"))
  add_all(seen, owned)
  for sys in pairs(scouted) do seen[sys] = true end
  -- Stars bright enough, or within hyper tech range, of the nearest owned system: seen when
  -- some owned system's squared distance (galaxy.distsq's) is at most max(luminosity, HT).
  -- This runs for every empire every turn, so the owned positions are read once (planets and
  -- belts share their star's), stars outside their bounding box widened by the longest reach
  -- are skipped, and the distances are worked out here rather than one binding call a pair.
  local ht = st.tech(empire, "HT")
  if #owned > 0 then
    local xs, ys, at = {}, {}, {}
    local x0, y0, x1, y1
    for _, sys in ipairs(owned) do
      local x, y = galaxy.pos(sys)
      local key = x .. "," .. y
      if not at[key] then
        at[key] = true
        xs[#xs + 1], ys[#ys + 1] = x, y
        x0, y0 = math.min(x0 or x, x), math.min(y0 or y, y)
        x1, y1 = math.max(x1 or x, x), math.max(y1 or y, y)
      end
    end
    local longest = ht
    for _, k in ipairs(rules.kinds) do longest = math.max(longest, k.luminosity or 0) end
    local margin = math.floor(math.sqrt(longest)) + 1
    local map = map_facts(turn)
    for k, star in ipairs(map.outer) do
      if not seen[star] then
        local sx, sy = map.x[k], map.y[k]
        if sx >= x0 - margin and sx <= x1 + margin and sy >= y0 - margin and sy <= y1 + margin then
          local reach = math.max(map.light[k], ht)
          for i = 1, #xs do
            local dx, dy = xs[i] - sx, ys[i] - sy
            if dx * dx + dy * dy <= reach then
              seen[star] = true
              break
            end
          end
        end
      end
    end
  end
  -- Systems linked to one the empire owns, scouts or probes.
  local explored = {}
  add_all(explored, st.sight(empire, "explored"))
  add_all(explored, owned)
  for sys in pairs(scouted) do explored[sys] = true end
  for sys in pairs(touched) do explored[sys] = true end
  for sys in pairs(mine) do
    for _, n in ipairs(galaxy.links(sys)) do seen[n] = true end
  end
  for sys in pairs(scouted) do
    for _, n in ipairs(galaxy.links(sys)) do seen[n] = true end
  end
  for sys in pairs(touched) do
    for _, n in ipairs(galaxy.links(sys)) do seen[n] = true end
  end
  -- A seen star's planets and belts are seen with it (listed first: the set grows meanwhile).
  local inner = map_facts(turn).inner
  local listed = {}
  for sys in pairs(seen) do listed[#listed + 1] = sys end
  for _, star in ipairs(listed) do
    local sats = inner[star]  -- nil for a planet or belt
    if sats then
      for _, sat in ipairs(sats) do seen[sat] = true end
    end
  end
  st.set_sight(empire, "seen", as_list(seen))
  st.set_sight(empire, "explored", as_list(explored))
  st.set_sight(empire, "scouted", as_list(scouted))
end

return P
