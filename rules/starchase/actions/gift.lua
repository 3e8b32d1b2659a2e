-- GIFT (rule 6.9): Give BPs from your treasury to another empire's treasury.

local A = {
  name = "GIFT",
  rule = "6.9",
  cost = "BPs given, from the treasury",
  summary = "Give BPs from your treasury to another empire's treasury.",
  formats = {
    { from = "none", to = "empire", number = "amount", help = "empire, BPs" },
  },
}

local act = import("lib/act")
local words = import("lib/words")

-- Gives treasury BPs to another empire's treasury; fails if the treasury is short.
function A.run(order, res)
  local e, to, n = order.empire, order.to, order.number.n
  if to == e then return act.fail(res, "you cannot GIFT to yourself") end
  if not act.require_empire(res, to, "WHO TO") then return end
  local other = state.empire(to)
  if not act.pay_treasury(res, e, n, "GIFT") then return end
  state.set_empire(to, { treasury = other.treasury + n })
  act.note(res, "%s given to %s", words.count(n, "treasury BP"), to)
  act.event(res, to, "%s gave you %s", e, words.count(n, "treasury BP"))
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- To another empire, from the treasury (rule 6.9).
function A.check(order, ctx)
  C.need_other_empire(order, ctx, "to", "you cannot give BPs to your own empire")
end

function A.estimate(order)
  return 0, order.number.n
end

return A
