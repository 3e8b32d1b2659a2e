-- TECH (rule 7.2): Buy tech levels from the treasury.

local A = {
  name = "TECH",
  rule = "7.2",
  cost = "new level squared x levels gained, from the treasury",
  summary = "Buy tech levels from the treasury.",
  formats = {
    { from = "tech", to = "none", number = "none", help = "one more level" },
    { from = "tech", to = "none", number = "level", help = "up to this level" },
  },
}

return A
