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

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- One level more (blank LEVEL) or up to LEVEL, never past the tech's cap (rule 7.2).
function A.check(order, ctx)
  local code = order.from
  local now = C.tech(ctx, code)
  local target = order.number and order.number.n or now + 1
  if order.number and target <= now then
    ctx.error("number", string.format("your %s %s at level %d", code,
      now == state.tech(ctx.empire, code) and "is already" or "will already be", now))
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
