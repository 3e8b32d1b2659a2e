-- What an empire's own report tells it about the map (RULINGS.md "Visibility and reports";
-- report/sight.lua decides what reports show): the turnsheet checks (sheet/check.lua, the
-- actions' check and estimate, probes.check) judge places only by this, so that no message
-- of `check` depends on what the empire cannot see. The report shows:
--   - every place of its `seen` set with its kind and position (a planet or belt with its
--     star); it owns only places it has seen;
--   - links between seen places where at least one end is explored (ever owned, scouted or
--     probed);
--   - the owner and contents (population, industry, ships) of places it owns or scouted this
--     turn.
-- Anything else (whether an unseen code names a place at all, its kind, links the report does
-- not show, what is in a place it did not scout) is unknown: the functions below answer nil.

local st = import("lib/st")

local K = {}

local function as_set(list)
  local set = {}
  for _, c in ipairs(list) do set[c] = true end
  return set
end

-- The knowledge of an empire as its report of the last turn gives it: {empire, seen, explored,
-- scouted, owned} (sets by code).
function K.of(empire)
  local owned = as_set(st.owned(empire))
  local seen = as_set(st.sight(empire, "seen"))
  for c in pairs(owned) do seen[c] = true end
  return { empire = empire, seen = seen, owned = owned,
    explored = as_set(st.sight(empire, "explored")),
    scouted = as_set(st.sight(empire, "scouted")) }
end

-- True if the report shows the place (an owned place counts as seen).
function K.sees(v, sys)
  return sys ~= nil and v.seen[sys] == true
end

-- True if the place is a planet or asteroid belt; nil if the report does not show it.
function K.inner(v, sys)
  if not K.sees(v, sys) then return nil end
  return galaxy.is_inner(sys)
end

-- The kind code of a place; nil if the report does not show it.
function K.kind(v, sys)
  if not K.sees(v, sys) then return nil end
  return galaxy.kind(sys)
end

-- The star of a planet or belt (nil for a star); nil too if the report does not show it.
function K.parent(v, sys)
  if not K.sees(v, sys) then return nil end
  return galaxy.parent(sys)
end

-- True or false if the report shows whether a and b are linked, else nil: both seen, and at
-- least one of them explored.
function K.linked(v, a, b)
  if not (K.sees(v, a) and K.sees(v, b)) then return nil end
  if not (v.explored[a] or v.explored[b] or v.owned[a] or v.owned[b]) then return nil end
  return galaxy.linked(a, b)
end

-- The squared distance between two places the report shows (their positions), else nil.
function K.distsq(v, a, b)
  if not (K.sees(v, a) and K.sees(v, b)) then return nil end
  return galaxy.distsq(a, b)
end

-- The links of a place the report shows: {codes}, sorted (the places it is known to link to).
function K.links(v, sys)
  local out = {}
  if not K.sees(v, sys) then return out end
  for _, other in ipairs(galaxy.links(sys)) do
    if K.linked(v, sys, other) then out[#out + 1] = other end
  end
  return out
end

-- True if no star the report shows, other than a and b, lies on the straight segment between
-- two seen places (a star it has not seen may still be in the way); nil if either is unseen.
function K.segment_clear(v, a, b)
  if not (K.sees(v, a) and K.sees(v, b)) then return nil end
  local ax, ay = galaxy.pos(a)
  local bx, by = galaxy.pos(b)
  for sys in pairs(v.seen) do
    if sys ~= a and sys ~= b and not galaxy.is_inner(sys) then
      local x, y = galaxy.pos(sys)
      if x >= math.min(ax, bx) and x <= math.max(ax, bx) and y >= math.min(ay, by) and
          y <= math.max(ay, by) and not (x == ax and y == ay) and not (x == bx and y == by) and
          (bx - ax) * (y - ay) - (by - ay) * (x - ax) == 0 then
        return false
      end
    end
  end
  return true
end

-- The holding of a place the empire owns or scouted this turn (what its report shows of it),
-- else nil.
function K.holding(v, sys)
  if sys == nil or not (v.owned[sys] or v.scouted[sys]) then return nil end
  return state.holding(sys)
end

return K
