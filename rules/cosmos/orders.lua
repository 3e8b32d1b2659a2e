-- The orders of section 19 as the turn takes them: who gives each (the race, a colony, a fleet,
-- or "unit": a colony or a fleet), the types of its arguments, the kind of unit its embedded
-- orders go to, and how a parsed order ({verb, line, args = typed values, embedded =
-- {order...}}) is kept in the queue as words ("H1417", "S0100", "C138", "P155", "$victory",
-- numbers, codes). The turnsheet grammar reads these declarations; the executors
-- (lib/act_colony.lua, lib/act_fleet.lua, lib/act_unit.lua) read the words. Orders marked
-- `later` are read in full but refused: they arrive with part 3 of the pack (COSMOS.md).

local data = import("lib/data")

local O = {}

-- args: types in order; "?" optional; "..." the rest of the line. embeds: the kind of unit the
-- embedded orders go to ("fleet": the ship built; "colony": the colony founded; "same": the
-- unit giving the order; "target": the unit its first argument names; "any": either kind,
-- known only when the order acts: embed's go where the order they join sends its own). The
-- turnsheet grammar has one reader per type (sheet/args.lua): hex, ship, planet, colony, unit
-- (a ship or colony), target (a colony or a hex), planet_or_star, amount, count (a number of
-- times, 0 for ever), phases, turn, phase, signed (an order's number, 18.1), signed_zero,
-- signed_or_star, tech, ship_type, installation, race, policy, name, cargo, alias,
-- alias_target, where, what, word.
O.verbs = {
  -- General orders (2, 4, 6.4, 14, 15, 16, 18.2).
  research = { who = "race", args = { "tech", "amount?" } },
  policy = { who = "race", args = { "race", "policy" } },
  name = { who = "race", args = { "planet", "name" } },
  alias = { who = "race", args = { "alias_target", "alias" } },
  type = { who = "race", args = { "word", "word?" } },
  overtime = { who = "race", args = { "colony", "amount", "word" } },
  spy = { who = "race", args = { "race" } },
  -- Colony orders (8.2, 9.1, 9.6, 9.7.2, 14.2.3, 14.2.4).
  build = { who = "colony", embeds = "fleet", args = { "ship_type" } },
  launch = { who = "colony", embeds = "fleet", args = { "ship_type" } },
  construct = { who = "colony", args = { "installation", "amount?" } },
  dismantle = { who = "colony", args = { "installation", "amount" } },
  repair = { who = "colony", args = { "ship", "amount?" } },
  refit = { who = "colony", args = { "ships..." } },
  reserve = { who = "colony", args = { "amount", "phases?" } },
  terraform = { who = "colony", args = {} },
  transmit = { who = "colony", args = { "colony", "amount?" } },
  -- Fleet orders (9.2-9.4, 9.7.1, 10, 10.2, 11, 16.8.1).
  move = { who = "fleet", args = { "hexes..." } },
  farmove = { who = "fleet", args = { "hexes..." } },
  sneak = { who = "fleet", args = { "hexes..." } },
  farsneak = { who = "fleet", args = { "hexes..." } },
  flip = { who = "fleet", args = { "hex" } },
  jump = { who = "fleet", args = { "hex" } },
  cloak = { who = "fleet", args = {} },
  uncloak = { who = "fleet", args = {} },
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
  enslave = { who = "fleet", args = { "target?", "amount?", "phases?" }, later = true },
  persuade = { who = "fleet", args = { "target?" }, later = true },
  -- Orders of colonies and fleets alike (9.9, 10.1, 14.1, 18).
  ["break"] = { who = "unit", args = { "signed?" } },
  clear = { who = "unit", args = { "signed_or_star?", "signed?" } },
  insert = { who = "unit", embeds = "same", args = { "signed_zero" } },
  embed = { who = "unit", embeds = "any", args = { "signed" } },
  ["repeat"] = { who = "unit", embeds = "same", args = { "count?" } },
  myalias = { who = "unit", args = { "alias" } },
  wait = { who = "unit", args = { "phases" } },
  time = { who = "unit", args = { "turn", "phase" } },
  signal = { who = "unit", args = { "units..." } },
  waitonesig = { who = "unit", args = { "units..." } },
  waitallsig = { who = "unit", args = { "units..." } },
  waitforone = { who = "unit", args = { "where", "units..." } },
  waitforall = { who = "unit", args = { "where", "units..." } },
  order = { who = "unit", embeds = "target", args = { "unit" } },
  teach = { who = "unit", args = { "unit", "tech" } },
  disclose = { who = "unit", args = { "unit", "what" } },
  gift = { who = "unit", args = { "unit", "unit" } },
}

-- The kind of unit the orders embedded in `verb`, given by a unit of kind `who` with the
-- arguments `args` (typed values or words), go to: "fleet", "colony", or "unit" when the first
-- argument is an alias (either kind); nil if the verb takes no orders.
function O.embeds(verb, who, args)
  local v = O.verbs[verb]
  local kind = v and v.embeds
  if kind == "same" then return who end
  if kind == "any" then return "unit" end
  if kind == "target" then
    local a = args and args[1]
    local text = tostring(type(a) == "table" and a.text or a or "")
    if text:match("^[Ss]%d%d%d%d$") then return "fleet" end
    if text:match("^[Cc]%d%d%d$") then return "colony" end
    return "unit"
  end
  return kind
end

-- The verbs in alphabetical order.
O.names = sorted_keys(O.verbs)

-- True if `verb` is an order that `who` ("race", "colony", "fleet", or "unit": a colony or a
-- fleet, not known which) may give.
function O.allowed(verb, who)
  local v = O.verbs[verb]
  if not v then return false end
  if who == "unit" then return v.who ~= "race" end
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
    if kind == "hexes" then kind = "hex" elseif kind == "ships" then kind = "ship"
    elseif kind == "units" then kind = "unit" end
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
