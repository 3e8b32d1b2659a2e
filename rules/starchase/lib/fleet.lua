-- Ship classes by holding field ([constants.fleet] in pack.toml, RULINGS.md "Fleets"): which
-- ships move with MOVE, SEND and ASSAULT (warships), which defend a system, in which order they
-- are taken and lost, their strengths and build costs. The standard game has cruisers as its
-- only warship; a variant adds a class with a schema field, a few constants and a build action
-- (rules/variants/destroyers).
--
-- A group is a table {field = count, ...} over classes, e.g. {cruisers = 3, destroyers = 1}.

local F = {}
local words = import("lib/words")
local FLEET = rules.const.fleet
local SHIPS = rules.const.ships

-- f, asked once per class field and remembered: rules' tables are read-only views, each level
-- of a read a metamethod lookup, and income, supply and battles ask for these for every
-- system every turn. (A nil answer is asked again each time, as it was.)
local function remembered(f)
  local known = {}
  return function(field)
    local v = known[field]
    if v == nil then
      v = f(field)
      if v ~= nil and field ~= nil then known[field] = v end
    end
    return v
  end
end

-- Holding fields of the ships that move with MOVE, SEND and ASSAULT, in the order an order
-- takes them and a side loses them.
F.warships = FLEET.warships

-- Holding fields of the ships that defend a system, in the order they take losses.
F.defenders = FLEET.defenders

-- Holding fields of the ships that pay supply (rule 2.12).
F.supplied = FLEET.supplied

-- Holding fields of every ship class, in the order reports list them.
F.classes = FLEET.classes

-- Column heading of a class in the reports' tables ("Crs").
F.label = remembered(function(field) return FLEET.label[field] end)

-- Strength of one unit of a class in defence and blockade.
F.defence_strength = remembered(function(field) return FLEET.strength[field] or 0 end)

-- Strength of one unit of a class in attack.
F.attack_strength = remembered(function(field) return FLEET.attack[field] or 0 end)

-- Build cost in BPs of one unit of a class ([constants.ships] under its fleet.ship name).
F.cost = remembered(function(field) return SHIPS[FLEET.ship[field]] end)

-- The word for one unit of a class ("cruiser", "colony ship").
F.one = remembered(function(field) return (FLEET.ship[field]:gsub("_", " ")) end)

-- True if the pack has more than one warship class (then orders and reports name each).
F.mixed = #FLEET.warships > 1

-- Units in a holding (or group) over a list of classes (default: the warships).
function F.count(h, classes)
  local n = 0
  for _, field in ipairs(classes or F.warships) do n = n + (h[field] or 0) end
  return n
end

-- Takes n units from holding h over `classes` (default: the warships) in their order: the
-- group taken (every class present, maybe 0).
function F.take(h, n, classes)
  local group = {}
  for _, field in ipairs(classes or F.warships) do
    local k = math.min(n, h[field] or 0)
    group[field] = k
    n = n - k
  end
  return group
end

-- Adds (sign 1) or removes (sign -1) a group at a system, in one state change.
-- (It reads the group's fields, not a copy of the holding: every move runs it twice.)
function F.shift(sys, group, sign)
  local change = {}
  for field, n in pairs(group) do change[field] = state.value("holding", sys, field) + sign * n end
  state.set_holding(sys, change)
end

-- The group over `classes` (default: the warships) as a holding holds it.
function F.of(h, classes)
  local group = {}
  for _, field in ipairs(classes or F.warships) do group[field] = h[field] or 0 end
  return group
end

-- A group in words: "3 cruisers", or with several classes "3 cruisers and 1 destroyer",
-- naming the classes with units (the first class when none has any); `adjective` goes before
-- the first class's name ("2 surviving cruisers").
function F.describe(group, classes, adjective)
  classes = classes or F.warships
  local parts = {}
  local function part(n, field)
    local adj = (#parts == 0 and adjective) and (adjective .. " ") or ""
    parts[#parts + 1] = words.count(n, adj .. F.one(field))
  end
  for _, field in ipairs(classes) do
    if (group[field] or 0) > 0 then part(group[field], field) end
  end
  if #parts == 0 then part(0, classes[1]) end
  if #parts == 1 then return parts[1] end
  return table.concat(parts, ", ", 1, #parts - 1) .. " and " .. parts[#parts]
end

return F
