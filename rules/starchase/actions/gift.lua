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

-- Gives treasury BPs to another empire's treasury; fails if the treasury is short.
function A.run(order, res)
  local e, to, n = order.empire, order.to, order.number.n
  if to == e then return act.fail(res, "you cannot GIFT to yourself") end
  if not act.require_empire(res, to, "WHO TO") then return end
  local other = state.empire(to)
  if not act.pay_treasury(res, e, n, "GIFT") then return end
  state.set_empire(to, { treasury = other.treasury + n })
  act.note(res, "%d treasury BPs given to %s", n, to)
  act.event(res, to, "%s gave you %d treasury BPs", e, n)
end

return A
