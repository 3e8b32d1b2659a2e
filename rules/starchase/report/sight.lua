-- What an empire may learn (rules 1.8, 2.16, 5.1; RULINGS.md "Visibility and reports"). The
-- engine renders whatever the report modules put in a document, so this file is the one place
-- that decides what a report may show of other empires:
--   - every place in its `seen` set, with its kind and position (phases/visibility.lua keeps
--     the sets at the end of each turn);
--   - an owner only for places it owns or scouted this turn;
--   - contents (population, industry, ships) only for places it owns or scouted;
--   - links between seen places where at least one end is explored (ever owned, scouted or
--     probed);
--   - its own probes only; other empires' actions only through lines addressed to it.

local S = {}
local st = import("lib/st")
local places = import("report/places")

local function as_set(list)
  local set = {}
  for _, c in ipairs(list) do set[c] = true end
  return set
end

-- The view of one empire in the reports of a turn (ctx): {empire, seen = {codes, sorted},
-- is_seen, is_scouted, is_explored (sets by code), scouted = {codes, sorted}, places (the
-- turn's facts of places, report/places.lua: read them through this file)}. The engine keeps
-- a set of places sorted, so the lists need no sort.
function S.view(ctx, empire)
  local seen = st.sight(empire, "seen")
  local scouted = st.sight(empire, "scouted")
  return {
    empire = empire,
    seen = seen,
    scouted = scouted,
    is_seen = as_set(seen),
    is_scouted = as_set(scouted),
    is_explored = as_set(st.sight(empire, "explored")),
    places = places.of_turn(ctx),
  }
end

-- The owner of a place as the empire may know it: for places it owns or scouted, else nil.
function S.owner(view, code)
  local owner = places.of(view.places, code).owner
  if owner == view.empire or view.is_scouted[code] then return owner end
  return nil
end

-- "owned", "scouted" or "seen": how much the empire knows of a seen place.
function S.status(view, code)
  if places.of(view.places, code).owner == view.empire then return "owned" end
  if view.is_scouted[code] then return "scouted" end
  return "seen"
end

-- The links the empire knows: {[code] = {linked codes, sorted}} for seen places, and the list
-- of pairs {a, b} (a < b), each once, sorted. The map's links go both ways and each place's
-- are sorted, so taking the seen places in order gives both in order, each pair from its
-- smaller end.
function S.links(view)
  local by_place, pairs_list = {}, {}
  local is_seen, is_explored = view.is_seen, view.is_explored
  for _, c in ipairs(view.seen) do
    local list, explored = {}, is_explored[c]
    for _, other in ipairs((view.places[c] or places.of(view.places, c)).links) do
      if is_seen[other] and (explored or is_explored[other]) then
        list[#list + 1] = other
        if c < other then pairs_list[#pairs_list + 1] = { c, other } end
      end
    end
    by_place[c] = list
  end
  return by_place, pairs_list
end

-- The lines of the turn's record an empire may read: its own results, the events addressed to
-- it ({from, text}) and its own end-of-turn notes. Built once per context for every empire.
function S.record_for(ctx, empire)
  if not ctx.by_empire then
    local by = {}
    local function of(e)
      by[e] = by[e] or { actions = {}, events = {}, notes = {} }
      return by[e]
    end
    local rec = ctx.record or {}
    for _, a in ipairs(rec.actions or {}) do
      local mine = of(a.empire).actions
      mine[#mine + 1] = a
      for _, ev in ipairs(a.events or {}) do
        local to = of(ev.empire).events
        to[#to + 1] = { from = a.empire, text = ev.text }
      end
    end
    for _, n in ipairs(rec.notes or {}) do
      if n.empire ~= "" then
        local mine = of(n.empire).notes
        mine[#mine + 1] = n
      end
    end
    ctx.by_empire = by
  end
  return ctx.by_empire[empire] or { actions = {}, events = {}, notes = {} }
end

return S
