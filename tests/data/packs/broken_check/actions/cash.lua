local A = {
  name = "CASH",
  rule = "6.11",
  cost = "none",
  summary = "Move BPs from the treasury to this turn's balance.",
  formats = { { from = "none", to = "none", number = "amount", help = "BPs" } },
}

function A.estimate()
  return "lots"
end

return A
