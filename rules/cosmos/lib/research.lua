-- Spending research points at the start of a turn (section 14). The research orders run in
-- the order given; whatever is left goes to the cheapest researchable tech (least still to
-- pay, ties by the tables' order), then the next cheapest, and so on. Only when nothing is
-- left to research are points kept for the next turn. What may be researched and what it costs
-- is fixed at the start of the turn: a tech developed now helps only from the next turn.

local data = import("lib/data")
local techs_lib = import("lib/techs")

local R = {}

-- A copy of a map.
local function copy(t)
  local out = {}
  for k, v in pairs(t or {}) do out[k] = v end
  return out
end

-- Spends `race.points` r.p. in turn `turn`. race = {techs = {code = turn}, paid = {code = rp},
-- points = n, taught = {code = turn} or nil (14.1), race_type = its type (16) or nil}; orders = { {tech = code, amount = n or
-- nil, line = n}, ... }. Returns {techs, paid (without developed techs), developed = {codes in
-- order}, spent = {code = rp}, order = {codes in the order r.p. first went to them}, used =
-- r.p. spent, left = r.p. kept, ignored = { {order, reason}, ... }}.
function R.spend(race, orders, turn)
  local techs, paid = copy(race.techs), copy(race.paid)
  local open, cost = {}, {}
  for _, code in ipairs(techs_lib.researchable_list(race.techs, turn, race.taught, race.race_type)) do
    open[code] = true
    cost[code] = techs_lib.cost(race.techs, code, turn, race.taught, race.race_type)
  end
  local out = { techs = techs, paid = paid, developed = {}, spent = {}, order = {},
    ignored = {} }
  local points = race.points

  local function still_to_pay(code)
    return math.max(0, cost[code] - (paid[code] or 0))
  end
  -- Puts up to `amount` points into `code`; develops it once paid in full.
  local function pay(code, amount)
    local n = math.min(amount, points, still_to_pay(code))
    paid[code] = (paid[code] or 0) + n
    if not out.spent[code] and n > 0 then out.order[#out.order + 1] = code end
    out.spent[code] = (out.spent[code] or 0) + n
    points = points - n
    if still_to_pay(code) == 0 then
      techs[code] = turn
      paid[code] = nil
      open[code] = nil
      out.developed[#out.developed + 1] = code
    end
  end

  -- A tech already paid for in full (its cost fell since) is developed at once.
  for _, code in ipairs(data.tech_codes()) do
    if open[code] and still_to_pay(code) == 0 then pay(code, 0) end
  end

  for _, order in ipairs(orders) do
    local code = order.tech
    if not data.tech(code) then
      out.ignored[#out.ignored + 1] = { order = order, reason = "no such technology" }
    elseif techs[code] ~= nil then
      out.ignored[#out.ignored + 1] = { order = order, reason = "already developed" }
    elseif not open[code] then
      out.ignored[#out.ignored + 1] = { order = order, reason = "not researchable this turn" }
    elseif points > 0 then
      pay(code, order.amount or points)
    end
  end

  -- Excess points: the cheapest open tech first (14).
  while points > 0 do
    local best
    for _, code in ipairs(data.tech_codes()) do
      if open[code] and (not best or still_to_pay(code) < still_to_pay(best)) then best = code end
    end
    if not best then break end
    pay(best, points)
  end
  out.used = race.points - points
  out.left = points
  return out
end

return R
