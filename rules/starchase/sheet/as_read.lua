-- The computer players' orders as the pack's grammar reads them: the table sheet/read.lua
-- returns for the text ai.lua's sheet() writes (sheet/write.lua), built without writing and
-- reading that text. The engine takes it where it stores no sheet (`hyperlane sim`, the
-- benchmarks); `hyperlane run` stores the text and reads it as any sheet. Line numbers,
-- columns and the text of each line are those of the written sheet, and each action's boxes
-- are read as sheet/boxes.lua reads them (the first format that fits and reads). Where a value
-- might not read back as it was given (a word other than a number or a code the computer
-- wrote itself, an empire box, a slot or probe box too many, a box the grammar refuses),
-- build() returns nil and the caller reads the text instead, so that a mistake of a computer
-- player is reported in the grammar's words.
-- A test compares the two for every computer sheet of several games.

local actions = import("lib/actions")
local read = import("sheet/read")
local syntax = import("turnsheet").syntax

local A = {}

local BOXES = actions.BOXES

-- Lines before the first action line: the two comment lines ai.lua writes and the EMPIRE,
-- SECRET and TURN lines (sheet/write.lua's header).
local HEADER_LINES = 5

-- The grammar's limits on a sheet (sheet/read.lua), read once: the pack's constants do not
-- change while it runs.
local LIMITS

-- What reading gives for the words the computer writes, by the text written: the place code
-- of a code's text and the number of a number's (pure functions of the pack's code format, so
-- kept for the life of the Lua state), and the text and word (upper case) written for each.
local CODE_OF, CODE_TEXT, CODE_WORD, NUMBER_OF = {}, {}, {}, {}

-- Set when a word was written that the grammar might read otherwise (see odd_word).
local unsure = false

-- Runs of 1 to 8 spaces, for pad.
local SPACES = {}
for n = 1, 8 do SPACES[n] = string.rep(" ", n) end

-- s left-justified in `width` columns, as sheet/write.lua pads it.
local function pad(s, width)
  local n = #s
  if n >= width then return s end
  return s .. SPACES[width - n]
end

-- The start of action line `slot` as sheet/write.lua writes it: the number padded to two
-- columns and a space.
local SLOT_TEXT = {}
local function slot_text(slot)
  local t = SLOT_TEXT[slot]
  if not t then
    t = pad(string.format("%d", slot), 2) .. " "
    SLOT_TEXT[slot] = t
  end
  return t
end

-- True if a word written from a string would be split, commented out or changed in case
-- by the grammar's reader (then the text is read instead).
local function odd_word(s)
  return s == "" or s:find("[^%w%-]") ~= nil
end

-- A box as sheet/write.lua writes it (a place code for code boxes, a whole number, a word;
-- "-" when empty), and the word the reader sees (upper case), noting what reading it gives.
local function box(v, code)
  if type(v) == "number" then
    local n = v >= 0 and math.floor(v) or math.ceil(v)
    if n == 0 then n = 0 end -- not -0, which would be written "-0" below
    if code then
      local text = CODE_TEXT[n]
      if not text then
        text = galaxy.code(n)
        CODE_TEXT[n], CODE_OF[text], CODE_WORD[n] = text, n, text:upper()
      end
      return text, CODE_WORD[n]
    end
    -- As string.format("%d", n) writes it (a whole number below 1e14 converts exactly).
    local text = (n < 1e14 and n > -1e14) and n .. "" or string.format("%d", n)
    NUMBER_OF[text] = n
    return text, text
  elseif type(v) == "string" then
    if odd_word(v) then unsure = true end
    return v, v:upper()
  end
  return "-", "-"
end

-- True if a box's text is all dashes (the grammar reads it as empty).
local function dashes(text)
  if text:byte(1) ~= 45 then return false end
  return text:match("^%-+$") ~= nil
end

-- What sheet/boxes.lua reads from a filled box of type `kind` written as `text` (the word
-- `word`): the value, false if the grammar refuses it (this format does not read), or nil if
-- that is not known here (then the text is read instead).
local function value(kind, text, word)
  if kind == "system" then
    return CODE_OF[text]
  elseif kind == "tech" then
    local a, b = word:byte(1, 2)
    return #word == 2 and a >= 65 and a <= 90 and b >= 65 and b <= 90 and word or false
  elseif kind == "count" or kind == "amount" or kind == "level" then
    local n = NUMBER_OF[text]
    if n == nil or n < 0 or n > 999999 then return nil end
    if n == 0 then return kind == "count" and { kind = "all", n = 0 } end
    return { kind = "n", n = n }
  end
  return nil -- empire codes and anything else: left to the text
end

-- Scratch lists of one line's boxes (by box number), reused from line to line.
local TEXTS, WORDS, COLS, GOT = {}, {}, {}, {}

-- Reads the boxes of action def on line `slot` as sheet/boxes.lua does (the first format whose
-- filled boxes match and read): the format's number and the from, to and number values; false
-- if no format reads, nil if that is not known here.
local function read_boxes(def, slot, texts, words)
  for i, f in ipairs(def.formats) do
    local fits = true
    for k = 1, 3 do
      local spec = f[BOXES[k]]
      if texts[k] then
        if spec.type == "none" then fits = false break end
      elseif not (spec.type == "none" or spec.optional
          or (k == 3 and f.blank_number_in_last_slot)) then
        fits = false
        break
      end
    end
    if fits then
      local got, ok = GOT, true
      for k = 1, 3 do
        got[k] = nil
        local spec = f[BOXES[k]]
        if texts[k] then
          local v = value(spec.type, texts[k], words[k])
          if v == nil then return nil end
          if v == false then ok = false end
          got[k] = v
        elseif k == 3 and spec.type ~= "none" and not spec.optional
            and f.blank_number_in_last_slot then
          if slot ~= LIMITS.slots then ok = false end
          got[k] = { kind = "rest", n = 0 }
        end
      end
      if ok then return i, got[1], got[2], got[3] end
    end
  end
  return false
end

-- The read order of action line `slot` (line n) of `empire` for o = {action, from, to,
-- number}, or nil.
local function action(slot, n, o, empire)
  if slot > LIMITS.slots then return nil end
  local name = o.action
  -- The computer writes action names as the pack declares them (upper case); anything else
  -- is left to the text.
  local def = type(name) == "string" and actions.find(name)
  if not def or def.name ~= name then return nil end
  local head = slot_text(slot)
  local b1, w1 = box(o.from, true)
  local b2, w2 = box(o.to, true)
  local b3, w3 = box(o.number, false)
  if unsure then return nil end
  -- The line without its trailing empty boxes and the padding's trailing spaces.
  local line
  if b3 ~= "-" then
    line = head .. pad(name, 8) .. " " .. pad(b1, 3) .. " " .. pad(b2, 3) .. " " .. b3
  elseif b2 ~= "-" then
    line = head .. pad(name, 8) .. " " .. pad(b1, 3) .. " " .. b2
  elseif b1 ~= "-" then
    line = head .. pad(name, 8) .. " " .. b1
  else
    line = head .. name
  end
  -- The filled boxes' texts, words and columns (an all-dashes box is empty).
  local texts, words, cols = TEXTS, WORDS, COLS
  for k = 1, 3 do texts[k], words[k], cols[k] = nil, nil, nil end
  local col = #head + 1 + math.max(#name, 8) + 1
  if not dashes(b1) then texts[1], words[1], cols[1] = b1, w1, col end
  col = col + math.max(#b1, 3) + 1
  if b2 ~= "-" or b3 ~= "-" then
    if not dashes(b2) then texts[2], words[2], cols[2] = b2, w2, col end
    col = col + math.max(#b2, 3) + 1
    if not dashes(b3) then texts[3], words[3], cols[3] = b3, w3, col end
  end
  local format, from, to, number = read_boxes(def, slot, texts, words)
  if not format then return nil end
  -- One constructor with every field the grammar sets (absent ones nil), so that the table is
  -- made at its size at once.
  return { slot = slot, line = n, col = #head + 1, action = def.name, module = def.module,
    text = line, written = { from = words[1], to = words[2], number = words[3] },
    cols = { from = cols[1], to = cols[2], number = cols[3] }, from = from, to = to,
    number = number, format = format, empire = empire }
end

-- The sheet sheet/read.lua reads from the text ai.lua writes for `empire` (its secret and the
-- turn) with these orders ({action, from, to, number, why}) and probe codes; nil if it cannot
-- be sure that reading the text gives it (see the top of this file).
function A.build(empire, secret, turn, orders, probes)
  if type(secret) ~= "string" or odd_word(secret) or type(empire) ~= "string"
      or odd_word(empire) or turn < 1 or turn > 999999 or turn ~= math.floor(turn) then
    return nil
  end
  local code = empire:upper()
  unsure = false
  LIMITS = LIMITS or read.limits()
  local sheet = { orders = {}, probes = {}, probe_line = 0, probe_col = 0, probe_cols = {},
    names = {}, messages = {} }
  sheet.empire = code
  sheet.empire_at = { line = 3, col = 8 }
  sheet.secret = secret
  sheet.turn = turn
  sheet.turn_at = { line = 5, col = 6 }
  local list = sheet.orders
  for i, o in ipairs(orders) do
    local order = action(i, HEADER_LINES + i, o, code)
    if not order then return nil end
    list[i] = order
  end
  if #probes > 0 then
    if #probes > LIMITS.probes or #probes + 1 > syntax.max_tokens then return nil end
    local col = 7
    local codes, cols = {}, {}
    for i, c in ipairs(probes) do
      if type(c) ~= "number" then return nil end
      local text = box(c, true)
      codes[i] = CODE_OF[text]
      cols[i] = col
      col = col + #text + 1
    end
    sheet.probe_line, sheet.probe_col, sheet.probes = HEADER_LINES + #orders + 1, 1, codes
    sheet.probe_cols = cols
  end
  return sheet
end

return A
