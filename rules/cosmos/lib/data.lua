-- The pack's keyed tables (pack.toml) as ordered lists with their keys: ship types (Table 4),
-- technologies (Tables 5-8, in techs.toml order) and orders (section 19). A variant adds rows
-- under more_ship_types, more_tech and more_orders ([new_constants]); they are merged here.

local D = {}

local C = rules.const

-- The rows of `base` plus those of `more` (which win on a shared key), each with its key set
-- as `field`.
local function merged(base, more, field)
  local out = {}
  for _, key in ipairs(sorted_keys(base or {})) do
    local row = {}
    for k, v in pairs(base[key]) do row[k] = v end
    row[field] = key
    out[key] = row
  end
  for _, key in ipairs(sorted_keys(more or {})) do
    local row = out[key] or {}
    for k, v in pairs(more[key]) do row[k] = v end
    row[field] = key
    out[key] = row
  end
  return out
end

local ships, ship_list, techs, orders

-- Ship types by code, each with code, number, name, cost, size, hull, armour, guns, ...
function D.ship_types()
  if not ships then ships = merged(C.ship_types, C.more_ship_types, "code") end
  return ships
end

-- Ship types in Table 4's order (by number).
function D.ship_list()
  if not ship_list then
    ship_list = {}
    for _, code in ipairs(sorted_keys(D.ship_types())) do
      ship_list[#ship_list + 1] = D.ship_types()[code]
    end
    table.sort(ship_list, function(a, b) return a.number < b.number end)
  end
  return ship_list
end

-- A ship type by code, by number or by name as players write it ("colony transport", "3");
-- nil if none matches.
function D.ship_type(what)
  local by_code = D.ship_types()[what]
  if by_code then return by_code end
  local n = tonumber(what)
  local lower = type(what) == "string" and what:lower():gsub("^%s+", ""):gsub("%s+$", "")
  for _, t in ipairs(D.ship_list()) do
    if (n and t.number == n) or (lower and t.name:lower() == lower) then return t end
  end
  return nil
end

-- Technologies by code: the techs.toml row (name, meaning, rule) with its pack.toml data (cost,
-- table, requires, cheaper, cheaper_with, offered) and its place in the tables (`order`).
function D.techs()
  if not techs then
    local data = merged(C.tech, C.more_tech, "code")
    techs = {}
    for i, t in ipairs(rules.techs) do
      local row = data[t.code] or { code = t.code, cost = 0, table = "basic", offered = false }
      row.name, row.meaning, row.rule, row.order = t.name, t.meaning, t.rule, i
      row.requires = row.requires or {}
      row.cheaper_with = row.cheaper_with or {}
      techs[t.code] = row
    end
  end
  return techs
end

-- A technology by code (nil if unknown).
function D.tech(code)
  return D.techs()[code]
end

-- Technology codes in the tables' order.
function D.tech_codes()
  local out = {}
  for i, t in ipairs(rules.techs) do out[i] = t.code end
  return out
end

-- A technology's code from its name as players write it, or from its code; nil if unknown.
function D.tech_code(what)
  if D.tech(what) then return what end
  local lower = what:lower()
  for _, t in ipairs(rules.techs) do
    if t.name:lower() == lower then return t.code end
  end
  return nil
end

-- Orders of section 19 by name, each with who, free, colony, fleet (priorities), time, rule, v1.
function D.orders()
  if not orders then orders = merged(C.orders, C.more_orders, "verb") end
  return orders
end

-- One order's row, or nil for an unknown verb.
function D.order(verb)
  return D.orders()[verb]
end

return D
