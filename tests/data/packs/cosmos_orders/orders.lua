-- The orders of seed 004 this test pack knows (section 19, a subset): who may give each one
-- (the race, a colony, a fleet), whether it is free (2.1), whether it takes embedded orders and
-- for whom, and the types of its arguments, with a reader for each type.

local O = {}

-- who: "race", "colony" or "fleet"; free: never counted (2.1); colony_free: does not use up a
-- colony's free orders either (repair, reserve); embeds: the unit kind its `orders:` are for
-- ("fleet" for a ship being built, "same" for the unit giving it); args: types in order, "?"
-- for optional, "..." for the rest of the line.
O.verbs = {
  research = { who = "race", free = true, args = { "tech", "amount?" } },
  name = { who = "race", free = true, args = { "planet", "name" } },
  policy = { who = "race", free = true, args = { "race", "word" } },
  build = { who = "colony", embeds = "fleet", args = { "ship_type" } },
  construct = { who = "colony", args = { "installation", "amount?" } },
  repair = { who = "colony", free = true, args = { "ship", "amount?" } },
  reserve = { who = "colony", free = true, args = { "amount", "amount?" } },
  move = { who = "fleet", args = { "hexes..." } },
  farmove = { who = "fleet", args = { "hexes..." } },
  explore = { who = "fleet", args = { "hexes?..." } },
  colonize = { who = "fleet", embeds = "colony", args = { "planet?" } },
  join = { who = "fleet", args = { "ship" } },
  form = { who = "fleet", args = { "ships..." } },
  myalias = { who = "fleet", free = true, args = { "alias" } },
  cloak = { who = "fleet", free = true, args = {} },
  ["repeat"] = { who = "unit", embeds = "same", args = { "amount?" } },
}

-- The verbs' names, sorted (for "did you mean").
O.names = sorted_keys(O.verbs)

local INSTALLATIONS = { industries = true, research = true, bases = true, starport = true,
  shields = true }

-- Lower case with single spaces and no spaces around: "Colony Transport " -> "colony transport".
local function words(text)
  return (text:lower():gsub("%s+", " "):gsub("^ ", ""):gsub(" $", ""))
end

local SHIP_TYPES = {}
for code, name in pairs(rules.const.ship_types) do SHIP_TYPES[words(name)] = code end

local TECHS = {}
for _, t in ipairs(rules.techs) do
  TECHS[words(t.name)] = t.code
  TECHS[t.code:lower()] = t.code
end

-- Readers: (r, tok) -> value, or nil and what the word should have been.
local READ = {}

function READ.hex(r, tok)
  local code = r:place(tok.text, true)
  if code then return code end
  return nil, string.format("a hex (%s, e.g. %s)", r:place_format(), r:place_text(1417))
end

local function id_reader(letter, digits, what)
  return function(_, tok)
    local n = tok.text:match("^[" .. letter .. letter:lower() .. "](%d+)$")
    if n and #n == digits then return tonumber(n) end
    return nil, string.format("%s (%s and %d digits, e.g. %s%s)", what, letter, digits, letter,
      string.rep("1", digits))
  end
end

READ.planet = id_reader("P", 3, "a planet ID")
READ.colony = id_reader("C", 3, "a colony ID")

function READ.ship(r, tok)
  if tok.text:match("^%$[%w%-_%.]+$") then return tok.text end
  return id_reader("S", 4, "a ship ID or an $alias")(r, tok)
end

function READ.alias(_, tok)
  if tok.text:match("^%$[%w%-_%.]+$") then return tok.text end
  return nil, "an alias ($ and letters, digits, - _ or .)"
end

function READ.amount(r, tok)
  local n = r:number(tok.text, 0, 1000000)
  if n then return n end
  return nil, "a whole number (0 to 1000000)"
end

function READ.race(r, tok)
  local code = r:empire(tok.text)
  if code then return code end
  return nil, "a race number"
end

function READ.word(_, tok)
  return tok.word:lower()
end

function READ.name(_, tok)
  return tok.text
end

function READ.installation(_, tok)
  local w = tok.text:lower()
  if INSTALLATIONS[w] then return w end
  return nil, "an installation (industries, research, bases, starport or shields)"
end

function READ.ship_type(_, tok)
  local code = SHIP_TYPES[words(tok.text)]
  if code then return code end
  return nil, "a ship type (a name of Table 4 such as \"Colony Transport\")"
end

function READ.tech(_, tok)
  local code = TECHS[words(tok.text)]
  if code then return code end
  return nil, "a technology (its name in quotes, or its code)"
end

-- Reads the arguments of an order's line (words 2..n) by the verb's types; reports each bad
-- one at its column. Returns the values, or nil after an error.
function O.read_args(r, line, verb, def)
  local values, at, ok = {}, 2, true
  for _, spec in ipairs(def.args) do
    local kind = spec:gsub("[%?%.]", "")
    local optional, rest = spec:find("?", 1, true) ~= nil, spec:find("...", 1, true) ~= nil
    if kind == "hexes" then kind = "hex" elseif kind == "ships" then kind = "ship" end
    local stop = rest and #line or at
    if at > #line and not optional then
      local _, want = READ[kind](r, { text = "", word = "" })
      want = want or ("a " .. kind)
      r:error(line.n, line[1].col, string.format("%s: %s is missing", verb, want))
      return nil
    end
    for i = at, math.min(stop, #line) do
      local v, want = READ[kind](r, line[i])
      if v == nil then
        r:error(line.n, line[i].col, string.format("%s: %s is not %s", verb, r:quote(line[i].text),
          want))
        ok = false
      end
      values[#values + 1] = v
    end
    at = stop + 1
  end
  if at <= #line then
    r:error(line.n, line[at].col, string.format("%s: too many arguments from %s on", verb,
      r:quote(line[at].text)))
    return nil
  end
  return ok and values or nil
end

return O
