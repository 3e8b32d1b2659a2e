local A = {
  name = "TAX",
  rule = "6.12",
  cost = "none",
  summary = "Add 2 BPs to this turn's balance.",
  formats = { { from = "none", to = "none", number = "none", help = "" } },
}

function A.check(order)
  return order.nothing.here
end

return A
