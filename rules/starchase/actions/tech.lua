-- TECH (rule 7.2): Buy tech levels from the treasury.

local A = {
  name = "TECH",
  rule = "7.2",
  cost = "new level squared x levels gained, from the treasury",
  summary = "Buy tech levels from the treasury.",
  formats = {
    { from = "tech", to = "none", number = "none", help = "one more level" },
    { from = "tech", to = "none", number = "level", help = "up to this level" },
  },
}

local act = import("lib/act")
local words = import("lib/words")
local st = import("lib/st")
local techcost = import("lib/techcost")

-- Buys tech levels from the treasury: one level (blank LEVEL) or up to LEVEL; costs the new
-- level squared times the levels gained (rule 7.3 and table 9.1).
function A.run(order, res)
  local e, tech = order.empire, order.from
  local def = rules.tech[tech]
  if not def then return act.fail(res, "there is no tech %s", tech) end
  local cur = st.tech(e, tech)
  local target = order.number and order.number.n or cur + 1
  if target <= cur then
    return act.fail(res, "%s is already at level %d", tech, cur)
  end
  local cap = st.tech_cap(tech)
  if target > cap then
    return act.fail(res, "%s may not go above level %d", tech, cap)
  end
  local cost = techcost.buy(cur, target)
  if not act.pay_treasury(res, e, cost, "TECH " .. tech) then return end
  st.set_tech(e, tech, target)
  res.details.level = target
  act.note(res, "%s raised from %d to %d for %s", tech, cur, target,
    words.count(cost, "treasury BP"))
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- One level more (blank LEVEL) or up to LEVEL, never past the tech's cap (rule 7.2).
function A.check(order, ctx)
  local code = order.from
  local now = C.tech(ctx, code)
  local target = order.number and order.number.n or now + 1
  if order.number and target <= now then
    ctx.error("number", string.format("your %s %s at level %d", code,
      now == st.tech(ctx.empire, code) and "is already" or "will already be", now))
    return
  end
  local cap = C.cap(code)
  if cap and target > cap then
    ctx.error(order.number and "number" or "from", string.format("%s may not exceed level %d",
      code, cap))
    return
  end
  C.note_tech(ctx, code, target)
end

-- The new level squared times the levels gained, from the treasury.
function A.estimate(order, ctx)
  local now = C.tech(ctx, order.from)
  local target = order.number and order.number.n or now + 1
  return 0, C.tech_cost(now, target)
end

return A
