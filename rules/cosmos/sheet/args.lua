-- The typed readers of order arguments (sections 5, 6.4, 8.1, 8.2, 9, 9.7.1, 14, 18.1, 19):
-- one per argument type of orders.lua. A reader takes the engine's sheet reader and a word and
-- returns a value {kind, text, value} (text: the word the queues keep, in the form the rules
-- read: "H1417", "S0100", "C138", "P155", "Colony Transport", "5"; value: the number or code),
-- or nil and what is wrong, in the player's words ("is not a hex ID; write H and four digits,
-- e.g. H0602"). Hexes are in the race's own coordinates, as the race writes them (5).
--
-- Readers look only at the words and the pack's data (ship types, technologies, the map's
-- size); checks against the race's units and the state are in sheet/check.lua.

local data = import("lib/data")
local installations = import("lib/installations")

local A = {}

local LIMITS = { amount = 1000000, phases = 1000, signed = 1000 }

-- A typed value.
local function value(kind, text, v)
  return { kind = kind, text = text, value = v }
end

-- Lower case with single spaces and none at the ends: " Colony  Transport" -> "colony transport".
local function words(text)
  return (text:lower():gsub("%s+", " "):gsub("^ ", ""):gsub(" $", ""))
end

-- The map's size, or nil before there is a map.
local function map_size()
  local w, h = galaxy.size_of()
  if (w or 0) < 1 or (h or 0) < 1 then return nil end
  return w, h
end

local HEX_HINT = "write H and four digits, e.g. H0602"

-- A hex "H0602" (or "0602": players may leave out the H, 5) on the map.
local function hex(_, tok)
  local digits = tok.text:match("^[Hh]?(%d%d%d%d)$")
  if not digits then return nil, "is not a hex ID; " .. HEX_HINT end
  local code = tonumber(digits)
  local col, row = math.floor(code / 100), code % 100
  local w, h = map_size()
  if w and (col < 1 or col > w or row < 1 or row > h) then
    return nil, string.format("is not on the map; hexes go from H0101 to H%02d%02d", w, h)
  end
  return value("hex", string.format("H%04d", code), code)
end

local ALIAS_HINT = "an alias is $ and 1 to 50 letters, digits, -, _ or ., e.g. $victory"

-- An alias (18.2): "$victory", "$transport." (a counting alias, 18.2.1), or with `others` an
-- allied race's "$4/victory". Returns its value, or nil and what is wrong.
local function alias_word(tok, others)
  local race, name = tok.text:match("^%$(%d%d?)/(.*)$")
  if not race then name = tok.text:match("^%$(.*)$") end
  if not name then return nil, "is not an alias; " .. ALIAS_HINT end
  if race and not others then
    return nil, "names another race's alias: you define only your own; " .. ALIAS_HINT
  end
  if #name < 1 or #name > 50 or name:find("[^%w%-_%.]") then
    return nil, "is not an alias; " .. ALIAS_HINT
  end
  return value("alias", tok.text, tok.text)
end

-- An alias to define (myalias, alias: 18.2).
local function alias(_, tok)
  return alias_word(tok, false)
end

-- A ship "S0100" (9: four digits alone are a hex), or an alias standing for one (18.2).
local function ship(_, tok)
  local text = tok.text
  local digits = text:match("^[Ss](%d%d%d%d)$")
  if digits then
    local n = tonumber(digits)
    return value("ship", string.format("S%04d", n), n)
  end
  if text:sub(1, 1) == "$" then return alias_word(tok, true) end
  if text:match("^%d%d%d%d$") then
    return nil, "is not a ship ID; write S and four digits, e.g. S0100 (four digits alone are " ..
      "a hex)"
  end
  return nil, "is not a ship ID; write S and four digits, e.g. S0100"
end

-- A planet "P155" (6.4).
local function planet(_, tok)
  local digits = tok.text:match("^[Pp](%d%d%d)$")
  local n = digits and tonumber(digits)
  if not n or n < 1 then return nil, "is not a planet ID; write P and three digits, e.g. P155" end
  return value("planet", string.format("P%03d", n), n)
end

-- A colony "C138" (8.1), or an alias standing for one (18.2).
local function colony(_, tok)
  local digits = tok.text:match("^[Cc](%d%d%d)$")
  local n = digits and tonumber(digits)
  if n and n >= 1 then return value("colony", string.format("C%03d", n), n) end
  if tok.text:sub(1, 1) == "$" then return alias_word(tok, true) end
  return nil, "is not a colony ID; write C and three digits, e.g. C138"
end

-- A colony or a ship (a unit: 18.3, 18.4, 9.9, 10.1, 14.1), or an alias standing for one.
local function unit(r, tok)
  if tok.text:match("^[Ss]") then return ship(r, tok) end
  local c = colony(r, tok)
  if c then return c end
  return nil, "is not a colony or ship ID; write C and three digits, e.g. C138, or S and " ..
    "four digits, e.g. S0100"
end

-- A colony "C138" (8.1), an alias, or a hex: whom to bomb or probe (11.1, 11.3).
local function target(r, tok)
  local c = colony(r, tok)
  if c then return c end
  local h = hex(r, tok)
  if h then return h end
  return nil, "is not a colony ID or a hex ID; write C and three digits, e.g. C138, or the " ..
    "hex, e.g. H0602"
end

-- What an alias order makes an alias of (18.2): a colony or ship, or "-" to delete it.
local function alias_target(r, tok)
  if tok.text == "-" then return value("alias_target", "-", "-") end
  local u = unit(r, tok)
  if u and u.kind ~= "alias" then return u end
  return nil, "is not a colony or ship ID; write C and three digits, e.g. C138, S and four " ..
    "digits, e.g. S0100, or - to delete the alias"
end

-- A planet, or "*" for the best one (10.2).
local function planet_or_star(r, tok)
  if tok.text == "*" then return value("star", "*", "*") end
  local p = planet(r, tok)
  if p then return p end
  return nil, "is not a planet ID; write P and three digits, e.g. P155, or * for the best planet"
end

-- A whole number from 1 to LIMITS[kind].
local function counted(kind, what)
  return function(r, tok)
    local n = r:number(tok.text, 1, LIMITS[kind])
    if n then return value(kind, string.format("%d", n), n) end
    return nil, string.format("is not %s; write a whole number from 1 to %d", what, LIMITS[kind])
  end
end

-- A number of times from 0 (for ever) to LIMITS.phases (repeat, 18.5).
local function times(r, tok)
  local n = r:number(tok.text, 0, LIMITS.phases)
  if n then return value("count", string.format("%d", n), n) end
  return nil, string.format("is not a number of times; write a whole number from 0 (for " ..
    "ever) to %d", LIMITS.phases)
end

-- A turn number (time, 18.3).
local function turn_number(r, tok)
  local n = r:number(tok.text, 1, LIMITS.phases)
  if n then return value("turn", string.format("%d", n), n) end
  return nil, string.format("is not a turn; write a whole number from 1 to %d", LIMITS.phases)
end

-- A phase of a turn (time, 18.3).
local function phase_number(r, tok)
  local most = rules.const.game.phases_per_turn
  local n = r:number(tok.text, 1, most)
  if n then return value("phase", string.format("%d", n), n) end
  return nil, string.format("is not a phase; write a whole number from 1 to %d", most)
end

-- One word of a list of choices (lower case): where for waitforone and waitforall (18.3),
-- what for disclose (10.1).
local function choice(kind, list, what)
  return function(r, tok)
    local w = tok.text:lower()
    for _, c in ipairs(list) do
      if c == w then return value(kind, c, c) end
    end
    local best = r:suggest(tok.text, (function()
      local up = {}
      for i, c in ipairs(list) do up[i] = c:upper() end
      return up
    end)())
    return nil, string.format("is not %s; write %s%s", what, table.concat(list, " or "),
      best and string.format(" (did you mean %s?)", best:lower()) or "")
  end
end

-- Any one word (the race types of 16: lib/race_types.lua judges them).
local function any_word(_, tok)
  return value("word", tok.text, tok.text)
end

local SIGNED_HINT = "write a whole number: from the first order on, or back from this one " ..
  "if negative, e.g. -1"

-- An order's number in a unit's list (18.1): positive from the start, negative back.
local function signed(r, tok)
  local n = r:number(tok.text, -LIMITS.signed, LIMITS.signed)
  if n then return value("signed", string.format("%d", n), n) end
  return nil, "is not an order's number; " .. SIGNED_HINT
end

-- An order's number or 0 (insert 0: before every order, 18.1).
local function signed_zero(r, tok)
  local n = r:number(tok.text, -LIMITS.signed, LIMITS.signed)
  if n then return value("signed", string.format("%d", n), n) end
  return nil, "is not an order's number; write 0 for the start of the list or " .. SIGNED_HINT
end

-- An order's number, or "*" (clear * 2, 18.1).
local function signed_or_star(r, tok)
  if tok.text == "*" then return value("star", "*", "*") end
  local n = signed(r, tok)
  if n then return n end
  return nil, "is not an order's number or *; " .. SIGNED_HINT
end

local TECH_BY_WORDS

-- A technology by its name (in any case, quoted if it has spaces) or its code (14).
local function tech(_, tok)
  if not TECH_BY_WORDS then
    TECH_BY_WORDS = {}
    for _, code in ipairs(data.tech_codes()) do
      local t = data.tech(code)
      TECH_BY_WORDS[words(t.name)] = t
      TECH_BY_WORDS[code:lower()] = t
    end
  end
  local t = TECH_BY_WORDS[words(tok.text)]
  if not t then
    return nil, "is not a technology; write its name as your status report lists it, in " ..
      "quotes if it has spaces, e.g. \"Improved Industrial Engineering\""
  end
  if not t.offered then
    return nil, "cannot be researched yet: this version of the COSMOS pack does not play it"
  end
  return value("tech", t.name, t.code)
end

-- The closest of `names` to a word for "did you mean", in the names' own case, or nil.
local function closest(r, word, names)
  local upper, back = {}, {}
  for i, n in ipairs(names) do
    upper[i] = n:upper()
    back[upper[i]] = n
  end
  local best = r:suggest(word, upper)
  return best and back[best]
end

local TYPE_NAMES

-- A ship type by its name in Table 4 (quoted if it has spaces) or its number (9.1).
local function ship_type(r, tok)
  if not TYPE_NAMES then
    TYPE_NAMES = {}
    for _, t in ipairs(data.ship_list()) do TYPE_NAMES[#TYPE_NAMES + 1] = t.name end
  end
  local t = data.ship_type(words(tok.text))
  if not t then
    local best = closest(r, tok.text, TYPE_NAMES)
    return nil, "is not a ship type; write its name in Table 4, in quotes if it has spaces, " ..
      "or its number" .. (best and string.format("; did you mean \"%s\"?", best) or
      ", e.g. \"Colony Transport\" or 3")
  end
  if not t.offered then
    return nil, "cannot be built yet: this version of the COSMOS pack does not play it"
  end
  return value("ship_type", t.name, t.code)
end

-- An installation: industries, starport, bases, research or shields (8.2).
local function installation(r, tok)
  local w = tok.text:lower()
  for _, k in ipairs(installations.kinds) do
    if k == w then return value("installation", k, k) end
  end
  local best = closest(r, tok.text, installations.kinds)
  return nil, "is not an installation; write " .. table.concat(installations.kinds, ", ",
    1, #installations.kinds - 1) .. " or " .. installations.kinds[#installations.kinds] ..
    (best and string.format(" (did you mean %s?)", best) or "")
end

-- A race by its number or its abbreviation in event reports (4); whether it is in the game is
-- checked with the state (sheet/check.lua).
local function race(r, tok)
  local code = r:empire(tok.text)
  if code then return value("race", code, code) end
  local upper = tok.text:upper()
  if upper:match("^%a%a?%a?$") then
    for _, c in ipairs(state.empires()) do
      if (state.empire(c).abbreviation or ""):upper() == upper then
        return value("race", c, c)
      end
    end
    return nil, "is not the abbreviation of a race in this game; write the race's number, e.g. 2"
  end
  return nil, "is not a race; write its number, e.g. 2, or its abbreviation"
end

local POLICIES = { "ally", "neutral", "enemy" }

-- A policy: ally, neutral or enemy (4).
local function policy(r, tok)
  local w = tok.text:lower()
  for _, p in ipairs(POLICIES) do
    if p == w then return value("policy", p, p) end
  end
  local best = closest(r, w, POLICIES)
  return nil, "is not a policy; write ally, neutral or enemy" ..
    (best and string.format(" (did you mean %s?)", best) or "")
end

-- A planet's new name (6.4): 2 to 32 letters, digits, spaces, - and '; a number at most three
-- digits long and followed at once by a letter ("2nd Home").
local function name(r, tok)
  local text = tok.text
  local why = r:text_problem(text, 32)
  if why or #text < 2 or #text > 32 or text:find("[^%w %-']") then
    return nil, "is not a planet name; write 2 to 32 letters, digits, spaces, - or ', in " ..
      "quotes if it has spaces"
  end
  for digits, after in text:gmatch("(%d+)(.?)") do
    if #digits > 3 or not after:match("%a") then
      return nil, "is not a planet name: a number in a name has at most three digits and a " ..
        "letter right after it, e.g. \"2nd Home\""
    end
  end
  return value("name", text, text)
end

A.readers = { hex = hex, ship = ship, planet = planet, colony = colony, unit = unit,
  target = target, planet_or_star = planet_or_star, amount = counted("amount", "an amount"),
  count = times, phases = counted("phases", "a number of phases"), turn = turn_number,
  phase = phase_number, signed = signed, signed_zero = signed_zero,
  signed_or_star = signed_or_star, tech = tech, ship_type = ship_type,
  installation = installation, race = race, policy = policy, name = name, alias = alias,
  alias_target = alias_target, where = choice("where", { "system", "fleet" }, "a place"),
  what = choice("what", { "map", "planets", "colonies" }, "what to disclose"), word = any_word }

-- What each kind of argument is and how to write it, for "... is missing" messages (kinds that
-- are only ever optional have none).
A.missing = { hex = { "the hex", HEX_HINT },
  ship = { "the ship", "write S and four digits, e.g. S0100" },
  planet = { "the planet", "write P and three digits, e.g. P155" },
  amount = { "the amount", "write a whole number, e.g. 5" },
  tech = { "the technology", "write its name, e.g. \"Improved Industrial Engineering\"" },
  ship_type = { "the ship type", "write its name or number, e.g. \"Colony Transport\" or 3" },
  installation = { "the installation", "write industries, starport, bases, research or " ..
    "shields" },
  race = { "the race", "write its number, e.g. 2" },
  policy = { "the policy", "write ally, neutral or enemy" },
  name = { "the name", "write it in quotes if it has spaces, e.g. \"New Hope\"" },
  colony = { "the colony", "write C and three digits, e.g. C138" },
  unit = { "the colony or ship", "write its ID, e.g. C138 or S0100" },
  alias = { "the alias", ALIAS_HINT },
  alias_target = { "what the alias stands for", "write a colony or ship ID, or - to delete it" },
  signed = { "the order's number", SIGNED_HINT },
  signed_zero = { "the order's number", "write 0 for the start of the list, or " .. SIGNED_HINT },
  turn = { "the turn", "write a whole number, e.g. 5" },
  phase = { "the phase", "write a whole number from 1 to 12" },
  phases = { "the number of phases", "write a whole number, e.g. 2" },
  where = { "where the units are to be", "write system or fleet" },
  what = { "what to disclose", "write map, planets or colonies" },
  word = { "the race type", "write e.g. administrator traveller, or double traveller" } }

local CARGO_HINT = "write amounts of i.p. or population, e.g. 60 i.p. or 8 pop, each maybe " ..
  "after the ship that is to carry it, e.g. S0115 8 pop"

local UNITS = { ["i.p."] = "i.p.", ip = "i.p.", pop = "pop", population = "pop" }
local SLAVES = { slaves = true, sl = true, primitives = true, pr = true }

-- What to load or unload (9.7.1): an optional colony first, then amounts of i.p. ("60",
-- "60 i.p.", "i.p.") and population ("8 pop", "pop"), maybe joined by "and"; a ship's ID (or
-- an alias; an alias right after the order names the colony) before the parts it is to carry,
-- "any" for the parts any ship may carry. Slaves
-- ("slaves", "sl", "primitives", "pr", "3/2", "slaves/2") are read and refused: they arrive
-- with part 3. Reads words line[from..]; returns the values, or nil after reporting each bad
-- word with error(col, text).
function A.cargo(r, line, from, error)
  local out, ok, last = {}, true, nil
  for i = from, #line do
    local tok = line[i]
    local w = tok.text:lower()
    local v, why
    if i == from and (w:match("^c%d%d%d$") or w:sub(1, 1) == "$") then
      v = colony(r, tok)
    elseif w:match("^c%d%d%d$") then
      why = "is a colony: write it first, right after the order"
    elseif w:match("^s%d%d%d%d$") or w:sub(1, 1) == "$" then
      v, why = ship(r, tok)
    elseif w == "any" then
      v = value("cargo", "any", "any")
    elseif UNITS[w] then
      v = value("cargo", UNITS[w], UNITS[w])
    elseif w == "and" then
      if last == nil or last.text == "and" or last.kind == "colony" then
        why = "joins nothing; " .. CARGO_HINT
      else
        v = value("cargo", "and", "and")
      end
    elseif r:number(w, 1, LIMITS.amount) then
      local n = r:number(w, 1, LIMITS.amount)
      v = value("cargo", string.format("%d", n), n)
    elseif SLAVES[w] or w:match("^slaves/") or w:match("^%d+/%d+$") then
      why = "is slave population: this version of the COSMOS pack does not load slaves"
    else
      why = "is not cargo; " .. CARGO_HINT
    end
    if v then
      out[#out + 1] = v
      last = v
    else
      error(tok.col, string.format("%s %s", r:quote(tok.text), why))
      ok = false
    end
  end
  if ok and last and last.text == "and" then
    error(line[#line].col, "'and' joins nothing; " .. CARGO_HINT)
    ok = false
  end
  return ok and out or nil
end

return A
