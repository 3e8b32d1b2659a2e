-- CASH (rule 6.11): Move BPs from the treasury to this turn's balance.

local A = {
  name = "CASH",
  rule = "6.11",
  cost = "none",
  summary = "Move BPs from the treasury to this turn's balance.",
  formats = {
    { from = "none", to = "none", number = "amount", help = "BPs to take from the treasury" },
  },
}

local act = import("lib/act")
local words = import("lib/words")

-- Moves BPs from the treasury to this turn's balance (no cost). Asking for more than the
-- treasury holds fails rather than being reduced (pack ruling: rule 6.11 is silent, and GIFT,
-- the other treasury transfer, fails in that case by rule 6.9).
function A.run(order, res)
  local e, n = order.empire, order.number.n
  local emp = state.empire(e)
  if n > emp.treasury then
    return act.fail(res, "the treasury holds %s, not %d", words.count(emp.treasury, "BP"), n)
  end
  state.set_empire(e, { treasury = emp.treasury - n, balance = emp.balance + n })
  res.details.cashed = n
  act.note(res, "%s taken from the treasury", words.count(n, "BP"))
end

-- Turnsheet check and cost estimate (docs/turnsheet.md).

-- Nothing to check before the turn; the treasury is estimated in slot order.
function A.check()
end

function A.estimate(order)
  return -order.number.n, order.number.n
end

return A
