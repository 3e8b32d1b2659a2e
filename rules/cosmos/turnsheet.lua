-- The turnsheet grammar of COSMOS (sections 2, 18.1, 19), read with the engine's sheet reader
-- (docs/packs.md "The turnsheet"): the turn and the race's secret, "race N:" and its general
-- orders, then blocks headed by a colony or ship ID ("C138:", "S0100:"), one order a line
-- with the verbs and argument counts orders.lua declares, quoted multi-word names, and the
-- orders of a build, colonize or repeat between "orders:" and a lone ".". `@` starts a
-- comment. Arguments are kept as written (the words the queues hold, orders.lua); the
-- administration limit is counted when the turn receives the orders (lib/admin.lua).
--
-- A first version: it checks the form of every line and who may give each order, not yet the
-- type of each argument (tests/data/packs/cosmos_orders shows typed readers) nor, before the
-- turn, the units and the administration limit.

local O = import("orders")

local G = {}

G.syntax = { comment = "@", quotes = true, max_tokens = 64 }

local UPPER_NAMES = {}
for i, n in ipairs(O.names) do UPPER_NAMES[i] = n:upper() end

-- The unit a block header names ("C138:", "S0100:"), or nil if the line is not one.
local function unit_header(line)
  if #line ~= 1 or line[1].quoted then return nil end
  local id = line[1].text:match("^(.+):$")
  if not id or id:lower() == "orders" then return nil end
  local c = id:match("^[Cc](%d+)$")
  if c then return { kind = "colony", number = tonumber(c), id = id } end
  local s = id:match("^[Ss](%d%d%d%d)$")
  if s then return { kind = "fleet", flagship = tonumber(s), id = id } end
  return { kind = "bad", id = id }
end

local function is_block_header(line)
  return line[1].word == "RACE" or unit_header(line) ~= nil
end

local function is_end(line)
  return #line == 1 and line[1].text == "." and not line[1].quoted
end

local function is_open(line)
  return #line == 1 and line[1].word == "ORDERS:"
end

local WHERE = { race = "with the general orders, after the race line",
  colony = "under a colony's ID (C138:)", fleet = "under a ship's ID (S0100:)" }

-- The arguments of an order's line (words 2..n) as written, checked against the verb's count;
-- nil after reporting a problem.
local function read_args(r, line, verb, def)
  local values, at = {}, 2
  for _, spec in ipairs(def.args) do
    local optional, rest = spec:find("?", 1, true) ~= nil, spec:find("...", 1, true) ~= nil
    if at > #line then
      if not optional then
        r:error(line.n, line[1].col, string.format("%s: %s is missing", verb,
          (spec:gsub("[%?%.]", ""))))
        return nil
      end
      break
    end
    local stop = rest and #line or at
    for i = at, stop do values[#values + 1] = line[i].text end
    at = stop + 1
  end
  if at <= #line then
    r:error(line.n, line[at].col, string.format("%s: too many arguments from %s on", verb,
      r:quote(line[at].text)))
    return nil
  end
  return values
end

local read_order

-- Reads the orders after an `orders:` line up to its lone "." for units of kind `who`; with who
-- nil only skips them (the order holding them was refused).
local function read_embedded(r, open, who)
  local list = {}
  while true do
    local line = r:peek()
    if not line or is_block_header(line) then
      r:error(open.n, open[1].col,
        "these orders: are never closed: end them with a line holding only a .")
      return list
    end
    r:next()
    if is_end(line) then return list end
    if who then
      read_order(r, line, who, list)
    elseif is_open(line) then
      read_embedded(r, line, nil)
    end
  end
end

-- Reads one order (and the orders embedded in it) given by a unit of kind `who` into list.
function read_order(r, line, who, list)
  local tok = line[1]
  local verb = tok.word:lower()
  local def = O.verbs[verb]
  local args
  if not def then
    local best = r:suggest(tok.text, UPPER_NAMES)
    r:error(line.n, tok.col, string.format("unknown order %s%s", r:quote(tok.text),
      best and string.format("; did you mean %s?", best:lower()) or ""))
  elseif not O.allowed(verb, who) then
    local kind = def.who == "unit" and "colony or fleet" or def.who
    r:error(line.n, tok.col, string.format("%s is a %s order: write it %s", verb,
      kind == "race" and "general" or kind, WHERE[def.who] or WHERE.colony))
  else
    args = read_args(r, line, verb, def)
  end
  local order = { verb = verb, line = line.n, col = tok.col, args = args }
  local nxt = r:peek()
  if nxt and is_open(nxt) then
    r:next()
    local inner
    if args and not def.embeds then
      r:error(nxt.n, nxt[1].col, string.format("%s takes no orders", verb))
    elseif args then
      inner = def.embeds == "same" and who or def.embeds
    end
    order.embedded = read_embedded(r, nxt, inner)
  end
  if args then list[#list + 1] = order end
end

-- "race 1:" names the race whose orders these are.
local function race_line(r, line, sheet)
  local text = line[2] and line[2].text or ""
  local code = r:empire((text:gsub(":$", "")))
  if not code or text:sub(-1) ~= ":" or #line ~= 2 then
    return r:error(line.n, line[1].col, "race: write the race's number and a colon, e.g. race 1:")
  end
  if r:header("empire", code, line.n, line[2].col, "race") then
    sheet.race, sheet.race_line = code, line.n
  end
end

-- Reads a sheet; returns {race, general = {order...}, units = {{kind, number or flagship, id,
-- line, col, orders}}}, an order being {verb, line, col, args = words, embedded}.
function G.parse(r)
  local sheet = { general = {}, units = {} }
  local who, list = "race", sheet.general
  for line in r:lines() do
    local first = line[1]
    local unit = unit_header(line)
    if first.word == "TURN" and #line == 2 and not first.quoted then
      local n = r:number(line[2].text, 1, 1000)
      if n then
        r:header("turn", n, line.n, line[2].col, "turn")
      else
        r:error(line.n, line[2].col, string.format("turn: %s is not a turn number",
          r:quote(line[2].text)))
      end
    elseif first.word == "SECRET" and #line == 2 and not first.quoted then
      r:header("secret", line[2].text, line.n, line[2].col, "secret")
    elseif first.word == "RACE" then
      race_line(r, line, sheet)
      who, list = "race", sheet.general
    elseif unit then
      if unit.kind == "bad" then
        r:error(line.n, first.col, string.format("%s is not a colony or ship ID (C138: or " ..
          "S0100:)", r:quote(unit.id)))
        who, list = "none", {}
      else
        unit.line, unit.col, unit.orders = line.n, first.col, {}
        sheet.units[#sheet.units + 1] = unit
        who, list = unit.kind, unit.orders
      end
    elseif is_end(line) or is_open(line) then
      r:error(line.n, first.col, string.format("%s without an order that takes orders before it",
        first.text))
    elseif who ~= "none" then
      read_order(r, line, who, list)
    end
  end
  return sheet
end

-- One row per order, embedded ones after the order holding them: line, unit, verb, depth.
function G.table(sheet)
  local rows = {}
  local function add(orders, unit, depth)
    for _, o in ipairs(orders) do
      rows[#rows + 1] = { line = o.line, unit = unit, verb = o.verb, depth = depth }
      add(o.embedded or {}, unit, depth + 1)
    end
  end
  add(sheet.general, sheet.race and "race " .. sheet.race or nil, 0)
  for _, u in ipairs(sheet.units) do add(u.orders, u.id, 0) end
  return { "line", "unit", "verb", "depth" }, rows
end

return G
