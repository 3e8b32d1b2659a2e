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

-- Turnsheet check and cost estimate (docs/turnsheet.md).

-- Nothing to check before the turn; the treasury is estimated in slot order.
function A.check()
end

function A.estimate(order)
  return -order.number.n, order.number.n
end

return A
