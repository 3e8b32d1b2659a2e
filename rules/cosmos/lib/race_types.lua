-- Race types (section 16): two basic types, or "double" and one, chosen with the `type` order
-- on turn 1. A race's type is kept as text in `empire.race_type`: "double industrialist",
-- "administrator traveller" (the two in pack.toml's `race_types.basic` order), "standard"
-- until chosen (the set-up report's race, 16) or "none" (a scenario's race without a type,
-- which the fallback leaves alone). Each bonus is a constant of its basic type
-- (`race_types.<type>`); a double type has each of them twice unless its section says
-- otherwise, so the libraries ask how many times a race has a basic type (0, 1 or 2).

local RT = {}

local C = rules.const.race_types

-- True if `word` is a basic type.
function RT.is_basic(word)
  for _, b in ipairs(C.basic) do
    if b == word then return true end
  end
  return false
end

-- The position of a basic type in the list (the order a mixed type is written in).
local function rank(word)
  for i, b in ipairs(C.basic) do
    if b == word then return i end
  end
  return #C.basic + 1
end

-- The race type a `type` order's words name ("double", "traveller"; "administrator",
-- "traveller"), or nil and what is wrong, in the player's words.
function RT.read(first, second)
  first, second = tostring(first or ""):lower(), second and tostring(second):lower() or nil
  local list = table.concat(C.basic, ", ")
  if not second then
    return nil, string.format("write two basic types, or double and one (16): %s",
      list)
  end
  local one = first == "double" and second or first
  for _, w in ipairs({ one, second }) do
    if not RT.is_basic(w) then
      return nil, string.format("'%s' is not a race type; the basic types are %s (16)", w, list)
    end
  end
  if first == "double" then return "double " .. second end
  if first == second then
    return nil, string.format("a type twice is written double %s (16)", first)
  end
  for _, pair in ipairs(C.forbidden) do
    if (pair[1] == first and pair[2] == second) or (pair[1] == second and pair[2] == first) then
      return nil, string.format("%s may not be combined with %s (16)", pair[1], pair[2])
    end
  end
  if rank(second) < rank(first) then first, second = second, first end
  return first .. " " .. second
end

-- The type a race of type `current` has after turn `turn`'s type orders, given as a list of
-- their word pairs: on race_types.turn the first good one (that `refusal`, if given, finds no
-- reason to refuse: a team game's, 21.2), else the fallback, for a race still "standard";
-- otherwise `current`.
function RT.after(current, pairs, turn, refusal)
  current = current or "standard"
  if turn ~= C.turn or current ~= "standard" then return current end
  for _, p in ipairs(pairs) do
    local t = RT.read(p[1], p[2])
    if t and not (refusal and refusal(t)) then return t end
  end
  return C.fallback
end

-- True if `text` is a race type as the state keeps it (or "standard" or "none").
function RT.valid(text)
  if text == "standard" or text == "none" then return true end
  local a, b = tostring(text):match("^(%a+) (%a+)$")
  if not a then return false end
  return RT.read(a, b) == text
end

-- How many times race type `race_type` has basic type `basic`: 0, 1 or 2 (a double type).
function RT.count(race_type, basic)
  local a, b = tostring(race_type or ""):match("^(%a+) (%a+)$")
  if not a then return 0 end
  if a == "double" then return b == basic and 2 or 0 end
  return (a == basic and 1 or 0) + (b == basic and 1 or 0)
end

-- The basic types of `race_type` with how many times each, in the basic list's order.
function RT.parts(race_type)
  local out = {}
  for _, b in ipairs(C.basic) do
    local n = RT.count(race_type, b)
    if n > 0 then out[#out + 1] = { type = b, times = n } end
  end
  return out
end

-- The sum over a race's basic types of constant `field` of each (times the count): the
-- bonus of `race_type` for a number every type may give (0 when none does).
function RT.bonus(race_type, field)
  local sum = 0
  for _, p in ipairs(RT.parts(race_type)) do
    sum = sum + (C[p.type][field] or 0) * p.times
  end
  return sum
end

-- The share of a technology's cost a race of type `race_type` gets off when taught it, and
-- bestows when teaching (14.1, 16.8): a diplomat's, or research.teach_discount_percent.
function RT.teach_percent(race_type)
  return RT.best(race_type, "teach_discount_percent",
    rules.const.research.teach_discount_percent)
end

-- The set-up ship types a race type replaces (17): {old type = new type}, each type's
-- start_ships, and a double type's double_start_ships too, all of the set-up's types.
function RT.start_ships(race_type)
  local out = {}
  for _, p in ipairs(RT.parts(race_type)) do
    local row = C[p.type]
    for old, new in pairs(row.start_ships or {}) do out[old] = new end
    if p.times == 2 then
      for old, new in pairs(row.double_start_ships or {}) do out[old] = new end
    end
  end
  return out
end

-- The largest value of constant `field` among a race's basic types, or `default` when none
-- sets it: a bonus a double type has once (a traveller's command range, 16.6).
function RT.best(race_type, field, default)
  local out = default
  for _, p in ipairs(RT.parts(race_type)) do
    local v = C[p.type][field]
    if v and (out == nil or v > out) then out = v end
  end
  return out
end

-- The smallest value of constant `field` among a race's basic types, or `default` when none
-- sets it (a traveller's phases in dust, 16.6).
function RT.least(race_type, field, default)
  local out
  for _, p in ipairs(RT.parts(race_type)) do
    local v = C[p.type][field]
    if v and (out == nil or v < out) then out = v end
  end
  if out == nil then return default end
  return out
end

-- The r.p. a race type takes off technology `code` (16: each type's tech_discount).
function RT.tech_discount(race_type, code)
  local sum = 0
  for _, p in ipairs(RT.parts(race_type)) do
    sum = sum + ((C[p.type].tech_discount or {})[code] or 0) * p.times
  end
  return sum
end

return RT
