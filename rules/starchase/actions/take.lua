-- TAKE (rule 7.5): Take one tech level offered by another empire's TRADE this turn; once per turn.

local A = {
  name = "TAKE",
  rule = "7.5",
  cost = "half the TECH cost, from the treasury",
  summary = "Take one tech level offered by another empire's TRADE this turn; once per turn.",
  once_per_turn = true,
  formats = {
    { from = "tech", to = "empire", number = "none", help = "tech, empire trading it" },
  },
}

local act = import("lib/act")
local trades = import("lib/trades")

-- Takes one level of a tech another empire offers with TRADE this turn (once per turn: a
-- second TAKE fails even if the first one failed, rule 7.5 "you've only got one per turn").
function A.run(order, res, turn)
  local e = order.empire
  turn.take_used = turn.take_used or {}
  if turn.take_used[e] then return act.fail(res, "only one TAKE per turn") end
  turn.take_used[e] = true
  trades.take(order, res, turn)
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- From another empire, one level, at most once per turn (the engine checks that; rule 7.5).
function A.check(order, ctx)
  C.need_other_empire(order, ctx, "to", "you cannot take a tech from your own empire")
  local code = order.from
  local level = C.tech(ctx, code) + 1
  local cap = C.cap(code)
  if cap and level > cap then
    ctx.error("from", string.format("%s may not exceed level %d", code, cap))
    return
  end
  C.note_tech(ctx, code, level)
end

-- Half the TECH cost of one level (at least 1), from the treasury.
function A.estimate(order, ctx)
  local level = C.tech(ctx, order.from)
  return 0, math.max(1, math.floor(C.tech_cost(level, level + 1) / 2))
end

return A
