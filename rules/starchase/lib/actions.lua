-- The actions of the pack: every module under actions/ declares one action (name, rule, cost,
-- summary, its turnsheet formats, once_per_turn, exclusive_with) next to its run, check and
-- estimate functions (docs/turnsheet.md "For modders"). This registry reads the declarations
-- of the modules the engine lists in rules.pack.modules, once per game, and answers the
-- grammar (sheet/read.lua), the checks (sheet/check.lua) and the docs' tests.

local R = {}

-- Box types a format may name (docs/turnsheet.md "Boxes"); "?" after one makes it optional.
local BOX_TYPES = { none = true, system = true, empire = true, tech = true, count = true,
  amount = true, level = true }

-- The boxes after the action name, in the order they are written.
R.BOXES = { "from", "to", "number" }

-- Words that start the other lines of a turnsheet: an action may not be named like one.
R.KEYWORDS = { "EMPIRE", "SECRET", "TURN", "PROBE", "NAME", "MESSAGE" }

local loaded -- {by_name = {NAME = def}, names = {sorted}, problems = {{module, message}}}

-- Reads a box declaration such as "system" or "count?"; returns {type, optional} or nil and
-- the problem.
local function read_box(text, key)
  if text == nil then return { type = "none", optional = false } end
  if type(text) ~= "string" then
    return nil, string.format("format box '%s' must be a string like \"system\" or \"count?\"", key)
  end
  local optional = text:sub(-1) == "?"
  local name = optional and text:sub(1, -2) or text
  if not BOX_TYPES[name] then
    return nil, string.format("format box '%s': unknown box type '%s' (none, system, empire, " ..
      "tech, count, amount, level; add ? for optional)", key, name)
  end
  if name == "none" and optional then
    return nil, string.format("format box '%s': \"none?\" makes no sense", key)
  end
  return { type = name, optional = optional }
end

-- Reads the formats of an action module; returns the list or nil and the problem.
local function read_formats(m)
  if type(m.formats) ~= "table" or #m.formats == 0 then
    return nil, string.format("action %s: formats must list at least one format", m.name)
  end
  local out = {}
  for i, f in ipairs(m.formats) do
    if type(f) ~= "table" then
      return nil, string.format("action %s format %d: must be a table", m.name, i)
    end
    local fmt = { help = type(f.help) == "string" and f.help or "",
      blank_number_in_last_slot = f.blank_number_in_last_slot and true or false }
    for _, key in ipairs(R.BOXES) do
      local box, why = read_box(f[key], key)
      if not box then return nil, string.format("action %s format %d: %s", m.name, i, why) end
      fmt[key] = box
    end
    out[i] = fmt
  end
  return out
end

local function is_keyword(name)
  for _, k in ipairs(R.KEYWORDS) do
    if k == name then return true end
  end
  return false
end

-- The fields of an action module read raw, so that a metatable of the module never runs.
local FIELDS = { "name", "rule", "cost", "summary", "formats", "once_per_turn", "exclusive_with",
  "check", "estimate" }
local function raw_fields(m)
  local out = {}
  if type(m) ~= "table" then return out end
  for _, k in ipairs(FIELDS) do out[k] = rawget(m, k) end
  return out
end

-- Reads one module's declaration into a definition; nil and the problem if it is wrong.
local function declare(module, m)
  if type(m.name) ~= "string" or not m.name:match("^[A-Z0-9]+$") then
    return nil, "an action module must set name = \"NAME\" (capital letters and digits)"
  end
  for _, hook in ipairs({ "check", "estimate" }) do
    if m[hook] ~= nil and type(m[hook]) ~= "function" then
      return nil, string.format("action %s: %s must be a function (order, ctx)", m.name, hook)
    end
  end
  local formats, why = read_formats(m)
  if not formats then return nil, why end
  if is_keyword(m.name) then
    return nil, string.format("action %s: the name is a turnsheet keyword; choose another name",
      m.name)
  end
  local exclusive = {}
  for _, other in ipairs(type(m.exclusive_with) == "table" and m.exclusive_with or {}) do
    if type(other) == "string" then exclusive[#exclusive + 1] = other end
  end
  return { name = m.name, module = module, rule = tostring(m.rule or ""),
    cost = tostring(m.cost or ""), summary = tostring(m.summary or ""), formats = formats,
    once_per_turn = m.once_per_turn and true or false, exclusive_with = exclusive,
    check = m.check, estimate = m.estimate }
end

local function load()
  if loaded then return loaded end
  loaded = { by_name = {}, names = {}, problems = {} }
  local function problem(module, message)
    loaded.problems[#loaded.problems + 1] = { module = module, message = message }
  end
  for _, module in ipairs(rules.pack.modules) do
    if module:sub(1, 8) == "actions/" then
      local def, why = declare(module, raw_fields(import(module)))
      if not def then
        problem(module, why)
      elseif loaded.by_name[def.name] then
        problem(module, string.format("action %s is declared twice (also in %s)", def.name,
          loaded.by_name[def.name].module))
      else
        loaded.by_name[def.name] = def
        loaded.names[#loaded.names + 1] = def.name
      end
    end
  end
  table.sort(loaded.names)
  for _, name in ipairs(loaded.names) do
    local def = loaded.by_name[name]
    for _, other in ipairs(def.exclusive_with) do
      if not loaded.by_name[other] then
        problem(def.module, string.format("action %s: exclusive_with names unknown action '%s'",
          name, other))
      end
    end
  end
  return loaded
end

-- The action named `name` (upper case), or nil.
function R.find(name)
  return load().by_name[name]
end

-- The names of every action, sorted.
function R.names()
  return load().names
end

-- The problems of the declarations: {{module, message}, ...} (`hyperlane rules check`).
function R.problems()
  return load().problems
end

-- The word a player writes for a box type in usages: SYS, EMP, TECH, COUNT, N, LEVEL or -.
local TYPE_WORDS = { none = "-", system = "SYS", empire = "EMP", tech = "TECH", count = "COUNT",
  amount = "N", level = "LEVEL" }

-- How a player writes one format, e.g. "MOVE SYS SYS COUNT", "NEWCRS [SYS] - N", "TAX".
function R.usage(name, f)
  local words = {}
  for i, key in ipairs(R.BOXES) do
    local box = f[key]
    local w = TYPE_WORDS[box.type]
    local optional = box.optional or (key == "number" and f.blank_number_in_last_slot)
    if box.type ~= "none" and optional then w = "[" .. w .. "]" end
    words[i] = w
  end
  local last = 3
  while last > 0 and words[last] == "-" do last = last - 1 end
  local out = name
  for i = 1, last do out = out .. " " .. words[i] end
  return out
end

-- Every format of an action as "usage (help)", joined with " or ".
function R.usage_all(def)
  local parts = {}
  for i, f in ipairs(def.formats) do
    parts[i] = R.usage(def.name, f) .. (f.help ~= "" and " (" .. f.help .. ")" or "")
  end
  return table.concat(parts, " or ")
end

-- The name a player sees for a box of a format, in the rulebook's words: WHERE FROM, WHERE,
-- WHERE TO, WHICH TECH, WHICH EMPIRE, NUMBER, LEVEL.
function R.label(f, key)
  local t = f[key].type
  if key == "from" then
    if t == "tech" then return "WHICH TECH" end
    if t == "system" and f.to.type ~= "system" then return "WHERE" end
    return "WHERE FROM"
  elseif key == "to" then
    if t == "empire" then return "WHICH EMPIRE" end
    return "WHERE TO"
  end
  if t == "level" then return "LEVEL" end
  return "NUMBER"
end

-- Number of formats over all actions.
function R.format_count()
  local n = 0
  for _, name in ipairs(R.names()) do n = n + #R.find(name).formats end
  return n
end

return R
