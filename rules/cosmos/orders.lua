-- The orders of this version (section 19, `v1` rows of constants.orders) as the turn takes
-- them: who gives each (the race, a colony, a fleet), the types of its arguments, and how a
-- parsed order ({verb, line, args = typed values, embedded = {order...}}) is kept in the queue
-- as words ("H1417", "S0100", "C138", "P155", numbers, codes). The turnsheet grammar reads
-- these declarations; the executors (lib/act_colony.lua, lib/act_fleet.lua) read the words.

local data = import("lib/data")

local O = {}

-- args: types in order; "?" optional; "..." the rest of the line. embeds: the kind of unit the
-- embedded orders go to ("fleet": the ship built; "colony": the colony founded). The turnsheet
-- grammar has one reader per type (sheet/args.lua): hex, ship, planet, target (a colony or a
-- hex), planet_or_star, amount, phases, signed (an order's number, 18.1), signed_or_star, tech,
-- ship_type, installation, race, policy, name, cargo.
O.verbs = {
  research = { who = "race", args = { "tech", "amount?" } },
  policy = { who = "race", args = { "race", "policy" } },
  name = { who = "race", args = { "planet", "name" } },
  build = { who = "colony", embeds = "fleet", args = { "ship_type" } },
  launch = { who = "colony", embeds = "fleet", args = { "ship_type" } },
  construct = { who = "colony", args = { "installation", "amount?" } },
  dismantle = { who = "colony", args = { "installation", "amount" } },
  repair = { who = "colony", args = { "ship", "amount?" } },
  refit = { who = "colony", args = { "ships..." } },
  reserve = { who = "colony", args = { "amount", "phases?" } },
  move = { who = "fleet", args = { "hexes..." } },
  farmove = { who = "fleet", args = { "hexes..." } },
  flip = { who = "fleet", args = { "hex" } },
  jump = { who = "fleet", args = { "hex" } },
  explore = { who = "fleet", args = { "hexes?..." } },
  colonize = { who = "fleet", embeds = "colony", args = { "planet_or_star?" } },
  form = { who = "fleet", args = { "ships..." } },
  include = { who = "fleet", args = { "ships..." } },
  join = { who = "fleet", args = { "ship" } },
  leave = { who = "fleet", args = { "ships..." } },
  load = { who = "fleet", args = { "cargo?..." } },
  unload = { who = "fleet", args = { "cargo?..." } },
  bomb = { who = "fleet", args = { "target?", "phases?" } },
  probe = { who = "fleet", args = { "target?" } },
  ["break"] = { who = "unit", args = { "signed?" } },
  clear = { who = "unit", args = { "signed_or_star?", "signed?" } },
}

-- The verbs in alphabetical order.
O.names = sorted_keys(O.verbs)

-- True if `verb` is an order of this version that `who` ("race", "colony", "fleet") may give.
function O.allowed(verb, who)
  local v = O.verbs[verb]
  if not v then return false end
  return v.who == who or (v.who == "unit" and who ~= "race")
end

-- One typed value as a word of the queue: hexes (place codes as the race writes them) as
-- Hccrr, ships as Snnnn, colonies Cnnn, planets Pnnn, numbers as digits, others as given.
local function word(kind, v)
  if type(v) == "table" then v = v.text or v.value end
  if kind == "hex" and type(v) == "number" then return string.format("H%04d", v) end
  if kind == "ship" and type(v) == "number" then return string.format("S%04d", v) end
  if (kind == "planet" or kind == "planet_or_star") and type(v) == "number" then
    return string.format("P%03d", v)
  end
  if kind == "colony" and type(v) == "number" then return string.format("C%03d", v) end
  return tostring(v)
end

-- The words of a parsed order's arguments.
function O.words(verb, args)
  local spec = O.verbs[verb] and O.verbs[verb].args or {}
  local out = {}
  for i, v in ipairs(args or {}) do
    local kind = (spec[math.min(i, #spec)] or "word"):gsub("[%?%.]", "")
    if kind == "hexes" then kind = "hex" elseif kind == "ships" then kind = "ship" end
    out[i] = word(kind, v)
  end
  return out
end

-- Readers of queue words.

-- A number ("5") or nil.
function O.number(text)
  if text == nil then return nil end
  return tonumber((tostring(text):match("^%-?%d+$")))
end

-- A ship number from "S0100" (or "0100"), or nil.
function O.ship(text)
  local n = tostring(text or ""):match("^[Ss]?(%d%d%d%d)$")
  return n and tonumber(n) or nil
end

-- A colony's number from "C138", or nil.
function O.colony(text)
  local n = tostring(text or ""):match("^[Cc](%d%d%d)$")
  return n and tonumber(n) or nil
end

-- A planet's number from "P155", or nil.
function O.planet(text)
  local n = tostring(text or ""):match("^[Pp](%d%d%d)$")
  return n and tonumber(n) or nil
end

-- A ship type code from a code, number or name.
function O.ship_type(text)
  local t = data.ship_type(text)
  return t and t.code or nil
end

-- A technology code from a code or name.
function O.tech(text)
  return data.tech_code(text)
end

return O
