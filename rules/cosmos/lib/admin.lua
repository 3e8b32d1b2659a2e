-- The administration limit (section 2.1): which of a turn's new orders count against it.
-- Free orders never count. Each colony's first free_colony_orders other orders are free, and
-- each fleet made only of scouts and explorers gets free_scout_orders; embedded orders count
-- as orders of the unit whose order holds them, in the order written. Once the count passes
-- the limit, the later counted orders are ignored, with any orders embedded in them (which
-- still count).

local data = import("lib/data")
local race_types = import("lib/race_types")

local A = {}

local C = rules.const.admin

-- True if a verb is a free order (2.1).
function A.free(verb)
  local row = data.order(verb)
  return row ~= nil and row.free == true
end

-- Counts a turn's new orders. sheet = {general = {order, ...}, units = { {kind = "colony" or
-- "fleet", scouts_only = bool, orders = {order, ...}}, ... }}, an order being {verb,
-- embedded = {order, ...} or nil}, in the order written. Marks each order with `counted`
-- and `ignored`; returns {given = orders given, counted = orders counted, ignored = orders
-- ignored}.
function A.count(sheet, limit)
  local out = { given = 0, counted = 0, ignored = 0 }
  local free_left = 0

  -- Visits an order and its embedded orders; `dropped`: its holder was ignored. An order
  -- embedded in an ignored one is ignored with it, but still counted as an order of its own
  -- (2.1: embedded orders count as separate orders).
  local function visit(order, dropped)
    out.given = out.given + 1
    order.counted, order.ignored = false, dropped
    if not A.free(order.verb) then
      if free_left > 0 then
        free_left = free_left - 1
      else
        order.counted = true
        out.counted = out.counted + 1
        if out.counted > limit then order.ignored = true end
      end
    end
    if order.ignored then out.ignored = out.ignored + 1 end
    for _, inner in ipairs(order.embedded or {}) do visit(inner, order.ignored) end
  end

  for _, order in ipairs(sheet.general or {}) do visit(order, false) end
  for _, unit in ipairs(sheet.units or {}) do
    if unit.kind == "colony" then
      free_left = C.free_colony_orders
    elseif unit.scouts_only then
      free_left = C.free_scout_orders
    else
      free_left = 0
    end
    for _, order in ipairs(unit.orders) do visit(order, false) end
  end
  return out
end

-- True if a fleet of ships of these type codes is made only of scouts and explorers (2.1, 2.2).
function A.scouts_only(types)
  for _, t in ipairs(types) do
    local ok = false
    for _, s in ipairs(C.scout_types) do ok = ok or s == t end
    if not ok then return false end
  end
  return #types > 0
end

-- A race's administration limit (2.1): more with Superlogistics; an administrator's
-- admin_percent more, rounded down, and a double administrator's also a point per colony it
-- owns (`colonies`) (16.3, 16.3.1).
function A.limit(techs, race_type, colonies)
  local limit = techs[C.limit_tech] ~= nil and C.limit_with_tech or C.limit
  local n = race_types.count(race_type, "administrator")
  if n == 0 then return limit end
  local T = rules.const.race_types.administrator
  limit = math.floor(limit * (100 + T.admin_percent) / 100)
  if n == 2 then limit = limit + T.double_admin_per_colony * (colonies or 0) end
  return limit
end

return A
