-- The boxes of an action line (docs/turnsheet.md "Boxes"): which of the action's formats the
-- filled boxes match, and each box read as its type in that format, with the player's words
-- for what is wrong (the action, the box's name and what was written in it).

local actions = import("lib/actions")

local B = {}

local BOXES = actions.BOXES

-- True if a box of a format may be left empty.
local function blank_allowed(f, key)
  local box = f[key]
  return box.type == "none" or box.optional or (key == "number" and f.blank_number_in_last_slot)
end

-- True if the filled boxes (toks[key] set) are those a format fills.
local function fits(f, toks)
  for _, key in ipairs(BOXES) do
    if toks[key] then
      if f[key].type == "none" then return false end
    elseif not blank_allowed(f, key) then
      return false
    end
  end
  return true
end

-- The name of a box in messages: the action and the box's label ("MOVE WHERE FROM"). Made
-- only for a message: most boxes read without one.
local function box_name(def, f, key)
  return def.name .. " " .. actions.label(f, key)
end

-- Reads a number box (count, amount or level): N, and for counts 0 (all) and AB-N (all but N).
local function read_number(r, kind, tok, def, f, key, errs)
  local u = tok.word
  local all_but = #u > 3 and u:sub(1, 3) == "AB-"
  local n, why = r:number(all_but and u:sub(4) or u, 0, 999999)
  if not why and (kind == "count" or not (all_but or n == 0)) then
    if all_but then return { kind = "all_but", n = n } end
    if n == 0 then return { kind = "all", n = 0 } end
    return { kind = "n", n = n }
  end
  local where, q = box_name(def, f, key), r:quote(tok.text)
  if why == "form" then
    if kind == "count" then
      errs[#errs + 1] = string.format(
        "%s: %s is not a number: write N, 0 for all, or AB-N for all but N", where, q)
    else
      errs[#errs + 1] = string.format("%s: %s is not a %s (a whole number, at least 1)", where,
        q, kind == "level" and "tech level" or "number")
    end
    return nil
  end
  if why then
    errs[#errs + 1] = string.format("%s: %s is too large (at most 999999)", where, q)
    return nil
  end
  if kind ~= "count" and (all_but or n == 0) then
    errs[#errs + 1] = string.format("%s: %s is not allowed here: write a number of at least 1 " ..
      "(0 and AB-N are only for counts of ships)", where, q)
    return nil
  end
  if all_but then return { kind = "all_but", n = n } end
  if n == 0 then return { kind = "all", n = 0 } end
  return { kind = "n", n = n }
end

-- Reads one filled box (box `key` of format f of action def) as its type; nil after adding the
-- problem to errs.
local function read_value(r, kind, tok, def, f, key, errs)
  if kind == "system" then
    local code = r:place(tok.text)
    if not code then
      errs[#errs + 1] = string.format("%s: %s is not a system code (%s, e.g. %s)",
        box_name(def, f, key), r:quote(tok.text), r:place_format(), r:place_text(42))
    end
    return code
  elseif kind == "empire" then
    local code = r:empire(tok.text)
    if not code then
      errs[#errs + 1] = string.format("%s: %s is not an empire code (%s)", box_name(def, f, key),
        r:quote(tok.text), r:empire_hint())
    end
    return code
  elseif kind == "tech" then
    if tok.word:match("^%u%u$") then return tok.word end
    errs[#errs + 1] = string.format("%s: %s is not a tech code (two letters, e.g. WT)",
      box_name(def, f, key), r:quote(tok.text))
    return nil
  end
  return read_number(r, kind, tok, def, f, key, errs)
end

-- Reads every box of one format into a copy of order; returns it and the problems found as
-- {col, message}.
local function read_format(reader, def, f, toks, order, word)
  local r = reader.r
  local o = { written = {}, cols = {} }
  for k, v in pairs(order) do o[k] = v end
  local errs = {}
  for _, key in ipairs(BOXES) do
    local box = f[key]
    local tok = toks[key]
    local found = {}
    if not tok then
      if key == "number" and box.type ~= "none" and not box.optional
          and f.blank_number_in_last_slot then
        if order.slot ~= reader.limits.slots then
          found[1] = string.format("%s: the box is empty; it may be left empty only in slot " ..
            "%d, where it means all that is left; write a number", box_name(def, f, key),
            reader.limits.slots)
        end
        o.number = { kind = "rest", n = 0 }
      end
    else
      o.written[key] = tok.word
      o.cols[key] = tok.col
      o[key] = read_value(r, box.type, tok, def, f, key, found)
    end
    for _, message in ipairs(found) do
      errs[#errs + 1] = { col = tok and tok.col or word.col, message = message }
    end
  end
  return o, errs
end

-- Reports why no format of an action has the boxes filled that are filled.
local function no_format(reader, def, toks, line, word)
  local r = reader.r
  if #def.formats > 1 then
    return r:error(line.n, word.col, string.format(
      "%s: no form of %s has these boxes filled; write %s", def.name, def.name,
      actions.usage_all(def)))
  end
  local f = def.formats[1]
  for _, key in ipairs(BOXES) do
    local tok = toks[key]
    if tok and f[key].type == "none" then
      r:error(line.n, tok.col, string.format("%s: the %s box must be empty, not %s; write %s",
        def.name, actions.label(f, key), r:quote(tok.text), actions.usage_all(def)))
    elseif not tok and not blank_allowed(f, key) then
      r:error(line.n, word.col, string.format("%s: the %s box is empty; write %s", def.name,
        actions.label(f, key), actions.usage_all(def)))
    end
  end
end

-- Chooses the format the filled boxes match (the first that reads without problems) and
-- reads the boxes into order; reports the problems and returns false if none does.
function B.read(reader, def, toks, order, line, word)
  local first_errs
  local any = false
  for i, f in ipairs(def.formats) do
    if fits(f, toks) then
      any = true
      local o, errs = read_format(reader, def, f, toks, order, word)
      if #errs == 0 then
        for k, v in pairs(o) do order[k] = v end
        order.format = i
        return true
      end
      first_errs = first_errs or errs
    end
  end
  if not any then
    no_format(reader, def, toks, line, word)
    return false
  end
  for _, e in ipairs(first_errs) do reader.r:error(line.n, e.col, e.message) end
  return false
end

return B
