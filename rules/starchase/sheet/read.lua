-- Reads a standard turnsheet (docs/turnsheet.md "The format") with the engine's sheet reader:
-- the header lines, numbered action lines of four boxes, PROBE, NAME and MESSAGE lines. Every
-- problem is reported at its line and column in the player's words; lines with errors are left
-- out of the result, the rest is read as far as it can be.
--
-- The result is what turn.lua runs and sheet/check.lua checks: {empire, secret, turn,
-- empire_at, turn_at = {line, col}, orders = {order, ...} by slot, probes = {codes},
-- probe_line, probe_col, probe_cols, names = {{line, col, system, name}}, messages = {{line, col, to,
-- text}}}. An order is {slot, line, col, action, module, format, text, empire, from, to,
-- number, written = {from, to, number}, cols = {from, to, number}}: from and to are a place
-- code, an empire or tech code or nil; number is nil or {kind = "n" | "all" | "all_but" |
-- "rest", n = N}; written holds each box as written (upper case) and cols its column.

local actions = import("lib/actions")
local boxes = import("sheet/boxes")

local P = {}

-- The pack's limits on a sheet.
local function limits()
  local game = rules.const.game
  local probe = rules.tech[game.probe_tech or ""]
  local cap = probe and probe.cap and math.max(0, math.min(99, probe.cap)) or 9
  return { slots = game.actions_per_turn, naming_lines = game.naming_lines,
    name_max = game.name_max_length, message_max = game.message_max_length, probes = cap }
end

-- A slot number: digits, optionally followed by '.', ')' or ':'; nil if the word is not one.
local function slot_number(text)
  local digits = text:match("^(%d+)[%.%):]?$")
  if not digits then return nil end
  return math.min(tonumber(digits), 999999)
end

-- The reader of one sheet: the engine's reader r, the sheet being built and what was seen.
local Reader = {}
Reader.__index = Reader

function Reader:error(line, col, message)
  self.r:error(line, col, message)
end

-- The header line seen first for a keyword; reports a repeat.
function Reader:header_line(item, value, line, tok, keyword)
  self.r:header(item, value, line.n, tok.col, keyword)
end

function Reader:empire_line(line)
  self.tried.empire = true
  local hint = self.r:empire_hint()
  if #line ~= 2 then
    return self:error(line.n, line[1].col, hint == "three letters, e.g. ARC"
      and "EMPIRE: write your empire's three-letter code, e.g. EMPIRE ARC"
      or string.format("EMPIRE: write your empire's code (%s)", hint))
  end
  local tok = line[2]
  local code = self.r:empire(tok.text)
  if not code then
    return self:error(line.n, tok.col, string.format("EMPIRE: %s is not an empire code (%s)",
      self.r:quote(tok.text), hint))
  end
  if self.r:header("empire", code, line.n, tok.col, "EMPIRE") then
    self.sheet.empire = code
    self.sheet.empire_at = { line = line.n, col = tok.col }
  end
end

function Reader:secret_line(line)
  self.tried.secret = true
  if #line ~= 2 then
    return self:error(line.n, (line[3] or line[1]).col, #line < 2
      and "SECRET: write your empire's secret, e.g. SECRET K7QX2M9P"
      or "SECRET: a secret is one word, without spaces")
  end
  if self.r:header("secret", line[2].text, line.n, line[2].col, "SECRET") then
    self.sheet.secret = line[2].text
  end
end

function Reader:turn_line(line)
  self.tried.turn = true
  if #line ~= 2 then
    return self:error(line.n, line[1].col,
      "TURN: write the turn these orders are for, e.g. TURN 3")
  end
  local tok = line[2]
  local n, why = self.r:number(tok.text, 1, 999999)
  if why == "large" then
    return self:error(line.n, tok.col, string.format(
      "TURN: %s is too large for a turn number (at most 999999)", self.r:quote(tok.text)))
  end
  if not n then
    return self:error(line.n, tok.col, string.format(
      "TURN: %s is not a turn number (1 or more)", self.r:quote(tok.text)))
  end
  if self.r:header("turn", n, line.n, tok.col, "TURN") then
    self.sheet.turn = n
    self.sheet.turn_at = { line = line.n, col = tok.col }
  end
end

-- "PROBE: '1O2' is not a system code (three digits, e.g. 042)".
function Reader:not_a_code(what, tok)
  return string.format("%s: %s is not a system code (%s, e.g. %s)", what,
    self.r:quote(tok.text), self.r:place_format(), self.r:place_text(42))
end

function Reader:probe_line(line)
  -- A lone PROBE is the blank sheet's empty line: no probe boxes, nothing to say.
  if #line < 2 then return end
  local count = #line - 1
  if line.more or count > self.limits.probes then
    return self:error(line.n, line[1].col, string.format(
      "PROBE: %s system codes, but a turnsheet has at most %d probe boxes",
      line.more and "more than " .. count or tostring(count), self.limits.probes))
  end
  local codes, cols, ok = {}, {}, true
  for i = 2, #line do
    local code = self.r:place(line[i].text)
    if code then
      codes[#codes + 1] = code
      cols[#cols + 1] = line[i].col
    else
      self:error(line.n, line[i].col, self:not_a_code("PROBE", line[i]))
      ok = false
    end
  end
  if not ok then return end
  local sheet = self.sheet
  if sheet.probe_line > 0 then
    return self:error(line.n, line[1].col, string.format(
      "a second PROBE line (the first is on line %d): put every probe box on one line",
      sheet.probe_line))
  end
  sheet.probe_line, sheet.probe_col, sheet.probes = line.n, line[1].col, codes
  sheet.probe_cols = cols
end

-- Checks the free text of a NAME or MESSAGE line; false after reporting a problem.
function Reader:text_ok(what, text, max, line, col)
  local problem = self.r:text_problem(text, max)
  if problem then
    self:error(line.n, col, what .. ": " .. problem)
    return false
  end
  return true
end

function Reader:name_line(line)
  -- A lone NAME is the blank sheet's empty line: no system named.
  if #line == 1 then return end
  if #line < 3 then
    return self:error(line.n, line[1].col,
      "NAME: write a system code and its new name, e.g. NAME 123 New Hope")
  end
  local code = self.r:place(line[2].text)
  if not code then return self:error(line.n, line[2].col, self:not_a_code("NAME", line[2])) end
  local name = self.r:rest(line, 2)
  local shown = self.r:place_text(code)
  if not self:text_ok("NAME " .. shown, name, self.limits.name_max, line, line[3].col) then
    return
  end
  local first = self.named[code]
  if first then
    return self:error(line.n, line[2].col, string.format(
      "NAME: system %s is already named on line %d", shown, first))
  end
  self.named[code] = line.n
  local names = self.sheet.names
  if #names >= self.limits.naming_lines then
    return self:error(line.n, line[1].col, string.format(
      "NAME: more than %d NAME lines; a turnsheet names at most %d systems",
      self.limits.naming_lines, self.limits.naming_lines))
  end
  names[#names + 1] = { line = line.n, col = line[2].col, system = code, name = name }
end

function Reader:message_line(line)
  -- A lone MESSAGE, or the blank sheet's MESSAGE ALL without a text, sends nothing.
  if #line == 1 or (#line == 2 and line[2].word == "ALL") then return end
  if #line < 3 then
    return self:error(line.n, line[1].col,
      "MESSAGE: write who it is for (ALL, an empire code, PHONE or EMAIL) and the text, " ..
      "e.g. MESSAGE ALL Greetings")
  end
  local to = line[2].word
  if to ~= "ALL" and to ~= "PHONE" and to ~= "EMAIL" and not self.r:empire(to) then
    return self:error(line.n, line[2].col, string.format(
      "MESSAGE: %s is not ALL, PHONE, EMAIL or an empire code", self.r:quote(line[2].text)))
  end
  local text = self.r:rest(line, 2)
  if not self:text_ok("MESSAGE " .. to, text, self.limits.message_max, line, line[3].col) then
    return
  end
  local messages = self.sheet.messages
  messages[#messages + 1] = { line = line.n, col = line[2].col, to = to, text = text }
end

function Reader:unknown_word(line, tok, could_be_keyword)
  local names = actions.names()
  if could_be_keyword then
    names = { unpack(names) }
    for _, k in ipairs(actions.KEYWORDS) do names[#names + 1] = k end
  end
  local best = self.r:suggest(tok.text, names)
  local what = could_be_keyword and "action or keyword" or "action"
  if best then
    self:error(line.n, tok.col, string.format("unknown %s %s; did you mean %s?", what,
      self.r:quote(tok.text), best))
  else
    self:error(line.n, tok.col, string.format("unknown %s %s", what, self.r:quote(tok.text)))
  end
end

-- An action line: [SLOT] ACTION [BOX1 [BOX2 [BOX3]]]; `at` is the index of the action word.
function Reader:action_line(line, at, given)
  local max = self.limits.slots
  local slot = given or self.last_slot + 1
  self.last_slot = math.min(slot, 999999)
  local where = line[1].col
  if slot < 1 or slot > max then
    if given then
      return self:error(line.n, where, string.format(
        "slot %d does not exist: a turnsheet has slots 1 to %d", slot, max))
    end
    return self:error(line.n, where, string.format(
      "more than %d actions: this line would be action %d, but a turnsheet has %d", max, slot,
      max))
  end
  local first = self.slot_lines[slot]
  if first then
    return self:error(line.n, where, string.format("slot %d is used twice (also on line %d)",
      slot, first))
  end
  self.slot_lines[slot] = line.n
  local word = line[at]
  if not word then return self:error(line.n, where, string.format("slot %d has no action", slot)) end
  local def = actions.find(word.word)
  if not def then return self:unknown_word(line, word, at == 1) end
  local count = #line - at
  if line.more or count > 3 then
    return self:error(line.n, word.col, string.format(
      "%s: too many boxes; a line holds the action and at most three boxes: %s", def.name,
      actions.usage_all(def)))
  end
  local toks = {}
  for i = 1, count do
    local tok = line[at + i]
    if not tok.text:match("^%-+$") then toks[actions.BOXES[i]] = tok end
  end
  local order = { slot = slot, line = line.n, col = word.col, action = def.name,
    module = def.module, text = line.text }
  if boxes.read(self, def, toks, order, line, word) then
    self.sheet.orders[#self.sheet.orders + 1] = order
  end
end

-- A slot number alone, as the blank sheet lists them: no action, and the slot stays free for
-- a later line (it does not move the count of unnumbered lines on); a slot that does not exist
-- is still an error.
function Reader:empty_slot(line, slot)
  local max = self.limits.slots
  if slot < 1 or slot > max then
    return self:error(line.n, line[1].col, string.format(
      "slot %d does not exist: a turnsheet has slots 1 to %d", slot, max))
  end
end

function Reader:line(line)
  local first = line[1]
  local slot = slot_number(first.text)
  if slot and #line == 1 then return self:empty_slot(line, slot) end
  if slot then return self:action_line(line, 2, slot) end
  local w = first.word
  if w == "EMPIRE" then return self:empire_line(line) end
  if w == "SECRET" then return self:secret_line(line) end
  if w == "TURN" then return self:turn_line(line) end
  if w == "PROBE" then return self:probe_line(line) end
  if w == "NAME" then return self:name_line(line) end
  if w == "MESSAGE" then return self:message_line(line) end
  return self:action_line(line, 1, nil)
end

-- Reads a sheet with the engine's reader r; returns the sheet (see the top of this file).
function P.read(r)
  local self = setmetatable({ r = r, limits = limits(), last_slot = 0, slot_lines = {},
    tried = {},
    named = {}, sheet = { orders = {}, probes = {}, probe_line = 0, probe_col = 0,
      probe_cols = {}, names = {}, messages = {} } }, Reader)
  for line in r:lines() do self:line(line) end
  local sheet = self.sheet
  -- A header line that was there but wrong has its own error already.
  if not r:stopped() then
    if not sheet.empire and not self.tried.empire then
      r:error(1, 0, "the sheet has no EMPIRE line: write your empire's code, e.g. EMPIRE ARC")
    end
    if not sheet.secret and not self.tried.secret then
      r:error(1, 0, "the sheet has no SECRET line: write your empire's secret, e.g. SECRET K7QX2M9P")
    end
    if not sheet.turn and not self.tried.turn then
      r:error(1, 0, "the sheet has no TURN line: write the turn these orders are for, e.g. TURN 3")
    end
  end
  table.sort(sheet.orders, function(a, b) return a.slot < b.slot end)
  for _, o in ipairs(sheet.orders) do o.empire = sheet.empire end
  return sheet
end

P.limits = limits

return P
