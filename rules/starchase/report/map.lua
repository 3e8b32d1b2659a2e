-- The map block of an empire's report: every place it has seen, coloured by kind, with its own
-- systems ringed, other empires' systems it scouted marked per owner, and the links it knows
-- (report/sight.lua decides all of these).

local M = {}
local sight = import("report/sight")
local places = import("report/places")

-- Body colours and sizes by kind; a kind a variant adds is drawn grey.
local KINDS = {
  yellow = { fill = "#f5d142", size = 6 },
  white = { fill = "#f0f0f0", size = 6 },
  red = { fill = "#e0604a", size = 6 },
  black = { fill = "#555566", size = 6 },
  red_giant = { fill = "#ff8a3d", size = 8 },
  super_giant = { fill = "#7fb8ff", size = 9 },
  planet = { fill = "#5fbf77", size = 3.5 },
  belt = { fill = "#b39b7a", size = 3.5 },
}

-- Marks of other empires' systems on the text map: a, b, c... in order of their codes.
local LETTERS = "abcdefghijklmnopqrstuvwxyz"

-- The layers of the kinds of place, in the pack's order, once made: the same tables in every
-- map, as nothing changes them.
local made_kind_layers = nil

local function kind_layers()
  if not made_kind_layers then
    made_kind_layers = {}
    for _, k in ipairs(rules.kinds) do
      local look = KINDS[k.code] or { fill = "#cccccc" }
      made_kind_layers[#made_kind_layers + 1] = { id = "kind-" .. k.code, name = k.name,
        fill = look.fill, size = look.size }
    end
  end
  return made_kind_layers
end

-- The layers of `view`'s map: the kinds, its own systems, those scouted and a mark for each
-- other owner it may know of.
local function layers_of(view)
  local layers = {}
  for i, l in ipairs(kind_layers()) do layers[i] = l end
  layers[#layers + 1] = { id = "yours", name = "Yours", ring = "#39ff88", glyph = "@" }
  layers[#layers + 1] = { id = "scouted", name = "Scouted this turn", ring = "#8fa0d8",
    dash = true }
  local others, listed = {}, {}
  for _, c in ipairs(view.seen) do
    local owner = sight.owner(view, c)
    if owner and owner ~= view.empire and not listed[owner] then
      listed[owner] = true
      others[#others + 1] = owner
    end
  end
  table.sort(others)
  for i, owner in ipairs(others) do
    local e = state.empire(owner)
    layers[#layers + 1] = { id = "owner-" .. owner, name = string.format("%s (%s)", e.name, owner),
      ring = "#ff5577", dash = true, glyph = LETTERS:sub((i - 1) % 26 + 1, (i - 1) % 26 + 1) }
  end
  return layers
end

-- A place on the map: f its facts (report/places.lua), with the layer and title the empire's
-- knowledge adds (the status and owner report/sight.lua gives). (Each table is made by one
-- constructor and the title by one concatenation: every report has a place per seen system.)
local function place(f, status, owner)
  local base = "kind-" .. f.kind
  local layers, label, known
  if status == "owned" then
    layers, known = { base, "yours" }, ", yours"
  elseif status == "scouted" and owner then
    layers, label = { base, "owner-" .. owner }, f.code .. " " .. owner
    known = ", " .. owner .. "'s (scouted this turn)"
  elseif status == "scouted" then
    layers, known = { base, "scouted" }, " (scouted this turn)"
  else
    layers, known = { base }, ""
  end
  local at = f.parent_code and ", at " .. f.parent_code or ""
  return { code = f.code, layers = layers, label = label, parent = f.parent_code, x = f.x,
    y = f.y, title = f.code .. " " .. f.kind_name .. known .. at }
end

-- A place as the map of every empire that has only seen it shows it: made once per turn and
-- shared by their maps (most places of most maps are such).
local function seen_place(f)
  local p = f.seen_on_map
  if not p then
    p = place(f, "seen")
    f.seen_on_map = p
  end
  return p
end

-- The map block for `view` (sight.view) with the links it knows (sight.links' pairs).
function M.block(view, links)
  local on_map = {}
  for _, c in ipairs(view.seen) do
    local f = places.of(view.places, c)
    local status = sight.status(view, c)
    on_map[#on_map + 1] = status == "seen" and seen_place(f)
      or place(f, status, sight.owner(view, c))
  end
  local link_list, facts = {}, view.places
  for _, l in ipairs(links) do
    -- Read inline when the place is known already: a call costs several hundred instructions.
    local a, b = facts[l[1]] or places.of(facts, l[1]), facts[l[2]] or places.of(facts, l[2])
    link_list[#link_list + 1] = { from = a.code, to = b.code }
  end
  return { geometry = "grid", title = "Map of the systems " .. view.empire .. " has seen",
    layers = layers_of(view), places = on_map, links = link_list }
end

return M
