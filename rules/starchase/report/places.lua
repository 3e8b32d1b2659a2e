-- What the reports of a turn say alike of a place: its code as players write it, its kind and
-- the kind's name, where it is, its links, the places inside it and its owner. Neither the map
-- nor the state changes while a turn's reports are built, and the empires' reports show mostly
-- the same places, so each place is read once per turn and kept in ctx, the one table every
-- report of the turn is given (a binding's call costs far more than a table read).
-- report/sight.lua decides which of these an empire may learn.

local P = {}
local words = import("lib/words")

-- Reads the facts of place c into `facts`.
local function read(facts, c)
  local kind = galaxy.kind(c)
  local f = { code = galaxy.code(c), kind = kind, kind_name = words.kind(kind),
    owner = state.value("holding", c, "owner"), links = galaxy.links(c) }
  local parent = galaxy.parent(c)
  if parent then
    f.parent_code = P.of(facts, parent).code
    f.where = "in " .. f.parent_code
  else
    f.x, f.y = galaxy.pos(c)
    f.where = f.x .. "," .. f.y
    f.inner = galaxy.inner(c)
  end
  facts[c] = f
  return f
end

-- The facts of this turn's places, by place, as P.of reads them.
function P.of_turn(ctx)
  local facts = ctx.place_facts
  if not facts then
    facts = {}
    ctx.place_facts = facts
  end
  return facts
end

-- The facts of place c, read once per turn: {code, kind, kind_name, owner (nil if none), links
-- (the places it links to, sorted), where ("x,y", or "in STAR" for a place inside a star), and
-- for an outer place x, y and inner (the places inside it, sorted), for an inner one
-- parent_code}. Shared by every report: read them, never change them.
function P.of(facts, c)
  return facts[c] or read(facts, c)
end

return P
