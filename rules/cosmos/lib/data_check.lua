-- Checks across the pack's tables that [references] cannot express: every technology named in
-- nested rows exists, every ship type and order row is complete. Returns a list of problems
-- (empty when the data hangs together); a variant's additions are checked too.

local data = import("lib/data")

local X = {}

local C = rules.const

-- Checks the constants; returns a list of problem strings.
function X.problems()
  local out = {}
  local function problem(text) out[#out + 1] = text end
  local function tech(code, where)
    if code ~= "" and code ~= nil and not data.tech(code) then
      problem(where .. ": no technology '" .. tostring(code) .. "' in techs.toml")
    end
  end

  for _, code in ipairs(data.tech_codes()) do
    local t = data.tech(code)
    local where = "tech." .. code
    if not C.tech[code] and not (C.more_tech or {})[code] then
      problem(where .. ": no cost in pack.toml")
    end
    if C.research.gateway[t.table] == nil then problem(where .. ": no table '" .. t.table .. "'") end
    for _, group in ipairs(t.requires) do
      for _, r in ipairs(group) do tech(r, where .. ".requires") end
    end
    for _, r in ipairs(t.cheaper_with) do tech(r, where .. ".cheaper_with") end
    if t.cheaper and t.cheaper >= t.cost then problem(where .. ": cheaper is not cheaper") end
  end
  for _, table_name in ipairs(sorted_keys(C.research.gateway)) do
    tech(C.research.gateway[table_name], "research.gateway." .. table_name)
  end
  for i, row in ipairs(C.industry.per_worker) do tech(row.tech, "industry.per_worker[" .. i .. "]") end
  for i, row in ipairs(C.research.rp_per_centre) do
    tech(row.tech, "research.rp_per_centre[" .. i .. "]")
  end
  for _, basic in ipairs(C.race_types.basic) do
    local row = C.race_types[basic]
    if not row then
      problem("race_types." .. basic .. ": no table of its bonuses")
    else
      for _, code in ipairs(sorted_keys(row.tech_discount or {})) do
        tech(code, "race_types." .. basic .. ".tech_discount")
      end
    end
  end
  for _, group in ipairs({ "drives", "guns", "shields" }) do
    for _, name in ipairs(sorted_keys(C[group])) do tech(C[group][name].tech, group .. "." .. name) end
  end

  local numbers = {}
  for _, t in ipairs(data.ship_list()) do
    local where = "ship_types." .. t.code
    for _, field in ipairs({ "number", "name", "cost", "size", "hull", "armour", "guns" }) do
      if t[field] == nil then problem(where .. ": no " .. field) end
    end
    if numbers[t.number] then problem(where .. ": number " .. t.number .. " is taken") end
    numbers[t.number] = true
    tech(t.requires, where .. ".requires")
    tech(t.cheaper_tech, where .. ".cheaper_tech")
    if t.only_type and not import("lib/race_types").is_basic(t.only_type) then
      problem(where .. ".only_type: '" .. tostring(t.only_type) .. "' is not a basic race type")
    end
  end
  for _, t in ipairs(C.ai.race_types or {}) do
    local a, b = tostring(t):match("^(%a+) (%a+)$")
    if import("lib/race_types").read(a, b) ~= t then
      problem("ai.race_types: '" .. tostring(t) .. "' is not a race type as a type order " ..
        "writes it (16)")
    end
  end
  for _, list in ipairs({ C.start.ships, C.admin.scout_types, C.command.unlimited_types,
    C.command.transport_types, C.exploration.safe_types }) do
    for _, code in ipairs(list) do
      if not data.ship_types()[code] then problem("no ship type '" .. code .. "'") end
    end
  end

  for _, verb in ipairs(sorted_keys(data.orders())) do
    local o = data.order(verb)
    for _, who in ipairs(o.who) do
      if who ~= "general" and o.time ~= "now" and not o[who] then
        problem("orders." .. verb .. ": no " .. who .. " priority")
      end
    end
  end
  return out
end

return X
