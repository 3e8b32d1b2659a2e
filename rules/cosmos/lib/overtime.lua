-- Working overtime (section 15): a colony's population worked overtime last turn and made
-- research points (15.1) or administration points (15.2) that the race has now, paid for in
-- i.p. by the colony. The turn (turn.lua, when the orders are received) and the checker
-- (sheet/check.lua) play the same orders through OT.run.

local techs_lib = import("lib/techs")
local words = import("lib/words")

local OT = {}

local C = rules.const

-- The base cost in i.p. of an administration point produced overtime (15.2): twice the race's
-- production last turn over its working population, more with Superlogistics, rounded up, at
-- least the minimum.
function OT.admin_base(production, workers, techs)
  local o = C.overtime
  if (workers or 0) <= 0 then return o.admin_base_min end
  local percent = techs_lib.has(techs, C.admin.limit_tech) and o.admin_logistics_percent or 100
  local base = math.ceil((production or 0) * 2 * percent / (100 * workers))
  return math.max(base, o.admin_base_min)
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
-- refused[i], why order i was refused (nil if it was not).
function OT.run(orders, race, colony_of, base)
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
      cost = x.amount * o.rp_cost
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
