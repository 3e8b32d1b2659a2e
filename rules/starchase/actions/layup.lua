-- LAYUP (rule 4.9): Put cruisers into the fleet reserve from a system with population and industry.

local A = {
  name = "LAYUP",
  rule = "4.9",
  cost = "2 BPs per cruiser",
  summary = "Put cruisers into the fleet reserve from a system with population and industry.",
  exclusive_with = { "RESERVE" },
  formats = {
    { from = "system", to = "none", number = "count", help = "system, cruisers" },
  },
}

return A
