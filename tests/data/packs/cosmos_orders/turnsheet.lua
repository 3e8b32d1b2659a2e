-- The orders of seed 004 (sections 2, 18.1, 19) read with the engine's sheet reader:
--
--   turn 3                     the turn the orders are for (the engine needs it) ...
--   secret K7QX2M9P            ... and the race's secret, anywhere in the sheet
--   race 1:                    the race; its general orders follow
--   research "Improved Industrial Engineering"
--   C138:                      a colony's orders follow (a ship ID: a fleet's)
--     build "colony transport"
--     orders:                  orders for what the order makes, up to a lone "."
--       farmove H1417
--     .
--
-- `@` starts a comment; words in double quotes are one word. Every problem is reported at its
-- line and column. check() counts the orders against the administration limit (2.1) with the
-- fleets' ship types from the state and reports the count as a note.

local O = import("orders")
local admin = import("admin")

local G = {}

G.syntax = { comment = "@", quotes = true, max_tokens = 64 }

local UPPER_NAMES = {}
for i, n in ipairs(O.names) do UPPER_NAMES[i] = n:upper() end

-- The unit a block header names ("C138:", "S0100:", "$nostromo:"), or nil if the line is not one.
local function unit_header(line)
  if #line ~= 1 or line[1].quoted then return nil end
  local id = line[1].text:match("^(.+):$")
  if not id or id:lower() == "orders" then return nil end
  local c = id:match("^[Cc](%d%d%d)$")
  if c then return { kind = "colony", number = tonumber(c), id = id } end
  local s = id:match("^[Ss](%d%d%d%d)$")
  if s then return { kind = "fleet", flagship = tonumber(s), id = id } end
  if id:match("^%$[%w%-_%.]+$") then return { kind = "fleet", alias = id, id = id } end
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

local read_order

-- Reads the orders after an `orders:` line up to its lone "." into a list of orders for `who`;
-- with who nil only skips them (the order holding them was refused).
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

local WHERE = { race = "with the general orders, before any colony or ship",
  colony = "under a colony's ID (C138:)", fleet = "under a ship's ID (S0100:)" }

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
  elseif def.who ~= "unit" and def.who ~= who then
    r:error(line.n, tok.col, string.format("%s is a %s order: write it %s", verb,
      def.who == "race" and "general" or def.who, WHERE[def.who]))
  else
    args = O.read_args(r, line, verb, def)
  end
  local order = { verb = verb, line = line.n, col = tok.col, args = args }
  local nxt = r:peek()
  if nxt and is_open(nxt) then
    r:next()
    local inner
    if args and not def.embeds then
      r:error(nxt.n, nxt[1].col, string.format("%s takes no orders: only build, colonize and " ..
        "repeat do", verb))
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
  local colon = text:sub(-1) == ":" or (line[3] and line[3].text == ":")
  local code = r:empire((text:gsub(":$", "")))
  if not code or not colon or #line > (line[3] and line[3].text == ":" and 3 or 2) then
    return r:error(line.n, line[1].col, "race: write the race's number and a colon, e.g. race 1:")
  end
  if r:header("empire", code, line.n, line[2].col, "race") then
    sheet.race, sheet.race_line, sheet.race_col = code, line.n, line[1].col
  end
end

-- Reads a sheet; returns {race, general = {order...}, units = {{kind, number or flagship or
-- alias, id, line, col, orders}}}, an order being {verb, line, col, args, embedded}.
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
        r:error(line.n, first.col, string.format("%s is not a colony or ship ID (C138:, S0100: " ..
          "or an $alias:)", r:quote(unit.id)))
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

-- Checks the units are the race's and counts the orders against the administration limit.
function G.check(sheet, report)
  local units = {}
  for _, u in ipairs(sheet.units) do
    local entry = { kind = u.kind, orders = u.orders }
    if u.kind == "colony" then
      local found = false
      for _, id in ipairs(state.find("colony", "number", u.number)) do
        found = found or state.colony(id).owner == report.empire
      end
      if not found then
        report.error(u.line, u.col, string.format("%s: you have no colony with this ID", u.id))
      end
    elseif u.alias then
      report.warning(u.line, u.col, string.format("%s: aliases are looked up when the turn runs",
        u.id))
    else
      local fleets = state.find("fleet", "flagship", u.flagship)
      local fleet = fleets[1] and state.fleet(fleets[1])
      if not fleet or fleet.owner ~= report.empire then
        report.error(u.line, u.col, string.format("%s: you have no fleet with this flagship", u.id))
      else
        entry.scouts_only = admin.scouts_only(fleet.types)
      end
    end
    units[#units + 1] = entry
  end
  local limit = admin.limit(state.empire(report.empire).techs)
  local count = admin.count({ general = sheet.general, units = units }, limit)
  report.note(sheet.race_line or 1, sheet.race_col or 0, string.format(
    "%d order%s given, %d counted against your administration limit of %d", count.given,
    count.given == 1 and "" or "s", count.counted, limit))
  local function warn_ignored(orders)
    for _, o in ipairs(orders) do
      if o.ignored then
        report.warning(o.line, o.col, string.format("%s: over your administration limit of %d: " ..
          "this order will be ignored", o.verb, limit))
      end
      warn_ignored(o.embedded or {})
    end
  end
  warn_ignored(sheet.general)
  for _, u in ipairs(sheet.units) do warn_ignored(u.orders) end
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
