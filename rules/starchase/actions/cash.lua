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

return A
