-- SCRAPF (rule 6.6): Scrap fighters.

local A = {
  name = "SCRAPF",
  rule = "6.6",
  cost = "1 BP per fighter",
  summary = "Scrap fighters.",
  formats = {
    { from = "system", to = "none", number = "count", help = "system, fighters" },
  },
}

local act = import("lib/act")

-- Scraps fighters, 1 BP each.
function A.run(order, res)
  local e, sys = order.empire, order.from
  if not act.require_owned(res, e, sys, "WHERE") then return end
  local h = state.holding(sys)
  local n, reduced = act.count(order.number, h.fighters)
  if reduced then act.note(res, "only %d fighters were at %s", n, act.code(sys)) end
  if n == 0 then return act.fail(res, "no fighters to scrap at %s", act.code(sys)) end
  if not act.pay(res, e, n * rules.const.actions.scrap_per_ship, "SCRAPF") then return end
  state.set_holding(sys, { fighters = h.fighters - n })
  res.details.scrapped = n
  act.note(res, "%d fighters scrapped at %s", n, act.code(sys))
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- In a system of yours (rule 6.6).
function A.check(order, ctx)
  C.need_owned(order, ctx, "from")
end

-- Per fighter scrapped.
function A.estimate(order)
  local n = C.count(order.number, state.holding(order.from).fighters)
  return C.cost("scrap_per_ship") * n
end

return A
