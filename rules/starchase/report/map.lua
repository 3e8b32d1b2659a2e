-- The map block of an empire's report: every place it has seen, coloured by kind, with its own
-- systems ringed, other empires' systems it scouted marked per owner, and the links it knows
-- (report/sight.lua decides all of these).

local M = {}
local sight = import("report/sight")
local words = import("lib/words")

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

-- The map block for `view` (sight.view) with the links it knows (sight.links' pairs).
function M.block(view, links)
  local layers = {}
  for _, k in ipairs(rules.kinds) do
    local look = KINDS[k.code] or { fill = "#cccccc" }
    layers[#layers + 1] = { id = "kind-" .. k.code, name = k.name, fill = look.fill,
      size = look.size }
  end
  layers[#layers + 1] = { id = "yours", name = "Yours", ring = "#39ff88", glyph = "@" }
  layers[#layers + 1] = { id = "scouted", name = "Scouted this turn", ring = "#8fa0d8",
    dash = true }
  -- Other owners the empire may know of, each with its own mark.
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

  local places = {}
  for _, c in ipairs(view.seen) do
    local code = galaxy.code(c)
    local kind = galaxy.kind(c)
    local owner = sight.owner(view, c)
    local status = sight.status(view, c)
    local p = { code = code, layers = { "kind-" .. kind } }
    local title = code .. " " .. words.kind(kind)
    if status == "owned" then
      p.layers[#p.layers + 1] = "yours"
      title = title .. ", yours"
    elseif status == "scouted" then
      if owner then
        p.layers[#p.layers + 1] = "owner-" .. owner
        p.label = code .. " " .. owner
        title = title .. ", " .. owner .. "'s (scouted this turn)"
      else
        p.layers[#p.layers + 1] = "scouted"
        title = title .. " (scouted this turn)"
      end
    end
    if galaxy.is_inner(c) then
      p.parent = galaxy.code(galaxy.parent(c))
      title = title .. ", at " .. p.parent
    else
      p.x, p.y = galaxy.pos(c)
    end
    p.title = title
    places[#places + 1] = p
  end
  local link_list = {}
  for _, l in ipairs(links) do
    link_list[#link_list + 1] = { from = galaxy.code(l[1]), to = galaxy.code(l[2]) }
  end
  return { geometry = "grid", title = "Map of the systems " .. view.empire .. " has seen",
    layers = layers, places = places, links = link_list }
end

return M
