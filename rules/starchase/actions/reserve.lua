-- RESERVE (rule 4.10): Place reserve cruisers in a system with population and industry; it becomes sticky.

local A = {
  name = "RESERVE",
  rule = "4.10",
  cost = "1 BP per cruiser",
  summary = "Place reserve cruisers in a system with population and industry; it becomes sticky.",
  exclusive_with = { "LAYUP" },
  formats = {
    { from = "system", to = "none", number = "count", help = "system, cruisers" },
  },
}

return A
