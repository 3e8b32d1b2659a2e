-- SCRAPC (rule 6.6): Scrap cruisers.

local A = {
  name = "SCRAPC",
  rule = "6.6",
  cost = "1 BP per cruiser",
  summary = "Scrap cruisers.",
  formats = {
    { from = "system", to = "none", number = "count", help = "system, cruisers" },
  },
}

return A
