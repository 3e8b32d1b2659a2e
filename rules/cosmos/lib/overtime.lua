-- Working overtime (section 15): a colony's population worked overtime last turn and made
-- research points (15.1) or administration points (15.2) that the race has now, paid for in
-- i.p. by the colony. The turn (turn.lua, when the orders are received) and the checker
-- (sheet/check.lua) play the same orders through OT.run.

local race_types = import("lib/race_types")
local techs_lib = import("lib/techs")
local words = import("lib/words")

local OT = {}

local C = rules.const

-- The base cost in i.p. of an administration point produced overtime (15.2): twice the race's
-- production last turn over its working population, more with Superlogistics, rounded up, at
-- least the minimum; then an administrator's discount (16.3, twice for a double one), rounded
-- up once at the end as 15.2's example does (24.52 -> 25).
function OT.admin_base(production, workers, techs, race_type)
  local o = C.overtime
  local num, den = o.admin_base_min, 1
  if (workers or 0) > 0 then
    local percent = techs_lib.has(techs, C.admin.limit_tech) and o.admin_logistics_percent or 100
    num, den = (production or 0) * 2 * percent, 100 * workers
    if math.ceil(num / den) < o.admin_base_min then num, den = o.admin_base_min, 1 end
  end
  local off = race_types.bonus(race_type, "overtime_admin_discount_percent")
  return math.ceil(num * (100 - off) / (den * 100))
end

-- The i.p. `amount` r.p. overtime cost (15.1): rp_cost each, less a researcher's discount
-- (16.2, twice for a double one), the discount rounded down.
function OT.rp_cost(amount, race_type)
  local cost = amount * C.overtime.rp_cost
  local off = race_types.bonus(race_type, "overtime_rp_discount_percent")
  return cost - math.floor(cost * off / 100)
end

-- The i.p. the administration points `from` to `to` of one turn cost together: the n-th costs
-- n x n times the base (15.2).
function OT.admin_cost(from, to, base)
  local sum = 0
  for n = from, to do sum = sum + n * n * base end
  return sum
end

-- Plays a race's overtime orders in the order written. orders: {colony = number, amount,
-- what}, each with `text` for the refusal line; colony_of(number) gives the colony ({owner,
-- ip, research, population}; its ip is paid from and it is marked `overtime`), or nil.
-- Returns {admin = points, rp = points, lines = {text, ...}} with one line an order, and
-- refused[i], why order i was refused (nil if it was not). race_type: the race's (16).
function OT.run(orders, race, colony_of, base, race_type)
  local o = C.overtime
  local out = { admin = 0, rp = 0, lines = {}, refused = {} }
  local used = {}
  for i, x in ipairs(orders) do
    local c = colony_of(x.colony)
    local id = string.format("C%03d", x.colony or 0)
    local why, cost
    if not c or c.owner ~= race then
      why = "no colony of yours has that ID"
    elseif x.what == "research" then
      cost = OT.rp_cost(x.amount, race_type)
      local left = (c.research or 0) - (used[x.colony] or 0)
      if x.amount > left then
        why = string.format("%s has %s: at most %d r.p. overtime%s", id,
          words.count(c.research or 0, "research"), c.research or 0,
          left < (c.research or 0) and string.format(", %d left this turn", left) or "")
      end
    elseif x.what == "administration" then
      cost = OT.admin_cost(out.admin + 1, out.admin + x.amount, base)
      if (c.population or 0) < o.admin_min_population then
        why = string.format("%s has %s: administration needs a working population of at " ..
          "least %d", id, words.count(c.population or 0, "population"), o.admin_min_population)
      end
    else
      why = "write research or administration"
    end
    if not why and cost > c.ip then
      why = string.format("%s has %d i.p., the overtime costs %d", id, c.ip, cost)
    end
    if why then
      out.refused[i] = why
      out.lines[#out.lines + 1] = string.format("%s refused: %s", x.text, why)
    else
      c.ip = c.ip - cost
      c.overtime = true
      if x.what == "research" then
        used[x.colony] = (used[x.colony] or 0) + x.amount
        out.rp = out.rp + x.amount
        out.lines[#out.lines + 1] = string.format("Overtime at %s: %d r.p. for %d i.p.", id,
          x.amount, cost)
      else
        out.admin = out.admin + x.amount
        out.lines[#out.lines + 1] = string.format("Overtime at %s: %s for %d i.p.", id,
          words.count(x.amount, "administration points"), cost)
      end
    end
  end
  return out
end

return OT
