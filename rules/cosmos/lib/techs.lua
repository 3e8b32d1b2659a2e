-- What a race's technologies allow (section 14, Tables 5-8). A race's techs are a map from code
-- to the turn the tech was developed. A tech works from the moment it is developed; it counts
-- as a prerequisite or for a cheaper cost only once developed in an earlier turn.

local data = import("lib/data")
local race_types = import("lib/race_types")

local T = {}

-- True if the race has developed tech `code` (at any time): its effects apply.
function T.has(techs, code)
  return code == "" or code == nil or techs[code] ~= nil
end

-- True if tech `code` was developed before turn `turn` (prerequisites, cheaper costs).
function T.known_before(techs, code, turn)
  if code == "" or code == nil then return true end
  local when = techs[code]
  return when ~= nil and when < turn
end

-- True if any tech of the list was developed before `turn`.
local function any_before(techs, list, turn)
  for _, code in ipairs(list) do
    if T.known_before(techs, code, turn) then return true end
  end
  return false
end

-- The r.p. cost of tech `code` for research in turn `turn`: the cheaper cost once any tech of
-- its cheaper_with list was developed in an earlier turn (Tables 5-8 "Reduced cost"), less
-- the race type's discount (16, `race_type`: the race's type, nil for none; never below 0); a
-- tech the race was taught (`taught`: code -> turn, 14.1) costs a share less after that (its
-- type's teaching share, 16.8), the discount rounded up.
function T.cost(techs, code, turn, taught, race_type)
  local t = data.tech(code)
  local cost = t.cost
  if t.cheaper and any_before(techs, t.cheaper_with, turn) then cost = t.cheaper end
  cost = math.max(0, cost - race_types.tech_discount(race_type, code))
  if taught and taught[code] then
    cost = cost - math.ceil(cost * race_types.teach_percent(race_type) / 100)
  end
  return cost
end

-- True if tech `code` may be researched in turn `turn`: offered, not yet developed, not past
-- its until_turn, its
-- table's gateway tech and every prerequisite group met in earlier turns; a tech the race was
-- taught in an earlier turn needs only the gateway (14.1).
function T.researchable(techs, code, turn, taught, race_type)
  local t = data.tech(code)
  if not t or not t.offered or techs[code] ~= nil then return false end
  if t.until_turn and turn > t.until_turn then return false end  -- Deep Secrets (14.2.4)
  for _, p in ipairs(race_types.parts(race_type)) do
    for _, no in ipairs(rules.const.race_types[p.type].no_techs or {}) do
      if no == code then return false end  -- a survivor's Cloning (16.4)
    end
  end
  local gateway = rules.const.research.gateway[t.table]
  if not T.known_before(techs, gateway, turn) then return false end
  if taught and taught[code] and taught[code] < turn then return true end
  for _, group in ipairs(t.requires) do
    if not any_before(techs, group, turn) then return false end
  end
  return true
end

-- The techs researchable in turn `turn`, in the tables' order (the technology report, 3).
function T.researchable_list(techs, turn, taught, race_type)
  local out = {}
  for _, code in ipairs(data.tech_codes()) do
    if T.researchable(techs, code, turn, taught, race_type) then out[#out + 1] = code end
  end
  return out
end

-- The value of the last row of `rows` whose tech the race has (rows like {tech=, count=}).
function T.best_row(techs, rows, field)
  local value
  for _, row in ipairs(rows) do
    if T.has(techs, row.tech) then value = row[field] end
  end
  return value
end

return T
