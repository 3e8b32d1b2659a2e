-- The turnsheet grammar of COSMOS (sections 2, 18.1, 19), read with the engine's sheet reader
-- (docs/packs.md "The turnsheet"): the turn and the race's secret, "race N:" and its general
-- orders, then blocks headed by a colony or ship ID ("C138:", "S0100:"), one order a line
-- with the verbs orders.lua declares, quoted multi-word names, and the orders of a build or
-- colonize between "orders:" and a lone ".". `@` starts a comment.
--
-- Every argument is read by the reader of its type (sheet/args.lua): hexes in the race's own
-- coordinates, ship, colony and planet IDs, amounts, technologies, ship types, installations,
-- races, policies, names and cargo, each problem at its word's column in the player's words.
-- check (sheet/check.lua) then looks at the state: blocks of units the race does not own are
-- errors; the orders are counted against the administration limit as the turn counts them
-- (lib/admin.lua), with a warning at each order over it; fleets out of command range and
-- moves that leave it get warnings and notes (lib/range.lua). blank (sheet/blank.lua) writes
-- the race's blank sheet for its report and the web; examples (sheet/examples.lua) the sheets
-- `hyperlane rules check` plays.

local O = import("orders")
local args_lib = import("sheet/args")

local G = {}

G.syntax = { comment = "@", quotes = true, max_tokens = 64 }

local UPPER_NAMES = {}
for i, n in ipairs(O.names) do UPPER_NAMES[i] = n:upper() end

-- The verbs that take embedded orders, for messages: "build and colonize".
local EMBEDDERS
do
  local list = {}
  for _, n in ipairs(O.names) do
    if O.verbs[n].embeds then list[#list + 1] = n end
  end
  EMBEDDERS = #list > 1 and table.concat(list, ", ", 1, #list - 1) .. " and " .. list[#list] or
    (list[1] or "none")
end

-- The unit a block header names ("C138:", "S0100:", or an alias "$nostromo:" defined in an
-- earlier turn, 18.2), or nil if the line is not one.
local function unit_header(line)
  if #line ~= 1 or line[1].quoted then return nil end
  local id = line[1].text:match("^(.+):$")
  if not id or id:lower() == "orders" then return nil end
  local c = id:match("^[Cc](%d%d%d)$")
  if c and tonumber(c) > 0 then return { kind = "colony", number = tonumber(c), id = id } end
  local s = id:match("^[Ss](%d%d%d%d)$")
  if s then return { kind = "fleet", flagship = tonumber(s), id = id } end
  if id:match("^%$[%w%-_%.]+$") and #id <= 51 then
    return { kind = "alias", alias = id, id = id }
  end
  return { kind = "bad", id = id }
end

-- The unit a block header names when orders follow it on the same line ("C138: construct
-- industries 5"), or nil: players write it so, but a block's orders go on the lines below.
local function header_with_orders(line)
  if #line < 2 or line[1].quoted then return nil end
  local id = line[1].text:match("^(.+):$")
  if not id or id:lower() == "orders" then return nil end
  local one = { line[1], n = line.n }
  local unit = unit_header(one)
  return unit and unit.kind ~= "bad" and unit or nil
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

-- Each verb's argument specs as {kind, optional, rest}; "hexes..." and "ships..." are lists
-- of hexes and ships.
local LIST_OF = { hexes = "hex", ships = "ship", units = "unit" }
local SPECS = {}
for verb, def in pairs(O.verbs) do
  local list = {}
  for i, spec in ipairs(def.args) do
    local kind = spec:gsub("[%?%.]", "")
    list[i] = { kind = LIST_OF[kind] or kind, optional = spec:find("?", 1, true) ~= nil,
      rest = spec:find("...", 1, true) ~= nil }
  end
  SPECS[verb] = list
end

-- Kinds whose words may hold spaces when quoted: a hint for a line with too many words.
local QUOTED = { tech = true, ship_type = true, name = true }

-- The arguments of an order's line (words 2..n) read by the readers of their types; each bad
-- word is reported at its column. Returns the typed values, or nil after reporting a problem.
local function read_args(r, line, verb)
  local values, at, ok, quoted = {}, 2, true, false
  for _, spec in ipairs(SPECS[verb]) do
    local kind = spec.kind
    quoted = quoted or QUOTED[kind]
    if at > #line then
      if not spec.optional then
        local m = args_lib.missing[kind]
        r:error(line.n, line[1].col, string.format("%s: %s is missing%s", verb, m[1],
          m[2] and "; " .. m[2] or ""))
        return nil
      end
      break
    end
    if kind == "cargo" then
      local list = args_lib.cargo(r, line, at, function(col, message)
        r:error(line.n, col, verb .. ": " .. message)
      end)
      if not list then return nil end
      for _, v in ipairs(list) do values[#values + 1] = v end
      at = #line + 1
    else
      local read = args_lib.readers[kind]
      local stop = spec.rest and #line or at
      for i = at, stop do
        local v, why = read(r, line[i])
        if v then
          values[#values + 1] = v
        else
          r:error(line.n, line[i].col, string.format("%s: %s %s", verb, r:quote(line[i].text), why))
          ok = false
        end
      end
      at = stop + 1
    end
  end
  if at <= #line then
    r:error(line.n, line[at].col, string.format("%s: too many arguments from %s on%s", verb,
      r:quote(line[at].text), quoted and " (write a name of several words in quotes)" or ""))
    return nil
  end
  return ok and values or nil
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
    args = read_args(r, line, verb)
    if args and def.later then
      r:error(line.n, tok.col, string.format("%s: this version of the COSMOS pack does not " ..
        "play this order yet: it is refused", verb))
      args = nil
    end
  end
  local order = { verb = verb, line = line.n, col = tok.col, args = args }
  local nxt = r:peek()
  if nxt and is_open(nxt) then
    r:next()
    local inner
    if args and not def.embeds then
      r:error(nxt.n, nxt[1].col, string.format("%s takes no orders: only %s do", verb,
        EMBEDDERS))
    elseif args then
      inner = O.embeds(verb, who, args)
    end
    order.embedded = read_embedded(r, nxt, inner)
  end
  if args then list[#list + 1] = order end
end

-- "message all TEXT" or "message 4 TEXT" (2.4): a diplomatic message to every race or to one,
-- in the turn reports; not an order, so it costs nothing.
local function message_line(r, line, sheet)
  local to = line[2] and line[2].text:lower()
  local code = to and to ~= "all" and r:empire(line[2].text)
  if #line < 3 or not (to == "all" or code) then
    return r:error(line.n, line[1].col, "message: write all or a race's number, then the " ..
      "text, e.g. message all Greetings from race 1")
  end
  -- The text as written, or without its quotes when it is all one quoted text.
  local text = (#line == 3 and line[3].quoted) and line[3].text or r:rest(line, 2)
  local problem = r:text_problem(text, rules.const.game.message_max_length)
  if problem then return r:error(line.n, line[3].col, "message: " .. problem) end
  sheet.messages[#sheet.messages + 1] = { line = line.n, col = line[2].col,
    to = code or "ALL", text = text }
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

-- Reads a sheet; returns {race, race_line, general = {order...}, units = {{kind = "colony",
-- number, id, line, col, orders} or {kind = "fleet", flagship, ...} or {kind = "alias", alias,
-- ...}}, messages = {{line, col, to = race code or "ALL", text}}}, an order being {verb, line,
-- col, args = typed values (sheet/args.lua), embedded = {order...} or nil}.
function G.parse(r)
  local sheet = { general = {}, units = {}, messages = {} }
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
    elseif first.word == "SECRET" and #line == 1 and not first.quoted then
      r:error(line.n, first.col, "secret: write your race's secret after the word secret (the " ..
        "GM sent it to you; no report shows it)")
    elseif first.word == "RACE" then
      race_line(r, line, sheet)
      who, list = "race", sheet.general
    elseif first.word == "MESSAGE" and not first.quoted then
      message_line(r, line, sheet)
    elseif header_with_orders(line) then
      -- Read as the block's header, so the lines below go to the unit; the orders on the line
      -- itself are not guessed at.
      local head = header_with_orders(line)
      r:error(line.n, line[2].col, string.format("write the orders of %s on the lines below " ..
        "it, one a line; nothing after the colon is read", first.text))
      head.line, head.col, head.orders = line.n, first.col, {}
      sheet.units[#sheet.units + 1] = head
      who, list = head.kind == "alias" and "unit" or head.kind, head.orders
    elseif unit then
      if unit.kind == "bad" then
        r:error(line.n, first.col, string.format("%s is not a colony or ship ID (C138: or " ..
          "S0100:)", r:quote(unit.id)))
        who, list = "none", {}
      else
        unit.line, unit.col, unit.orders = line.n, first.col, {}
        sheet.units[#sheet.units + 1] = unit
        who, list = unit.kind == "alias" and "unit" or unit.kind, unit.orders
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

-- Checks a read sheet against the game before the turn (sheet/check.lua): report = {empire,
-- turn, error(line, col, message), warning(...), note(...)}.
function G.check(sheet, report)
  import("sheet/check").check(sheet, report)
end

-- The blank sheet of info.empire for turn info.turn: the header lines (the secret line left for
-- the player) and a block per colony and fleet (sheet/blank.lua).
function G.blank(info)
  return import("sheet/blank").text(info)
end

-- Sheets that give every order at least once, for `hyperlane rules check` to play in its test
-- game (sheet/examples.lua): info = {empire, secret, turn}.
function G.examples(info)
  return import("sheet/examples").sheets(info)
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
