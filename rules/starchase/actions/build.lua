-- BUILD (rule 6.2): Add industry to a system you own, up to its population limit.

local A = {
  name = "BUILD",
  rule = "6.2",
  cost = "5 BPs per level",
  summary = "Add industry to a system you own, up to its population limit.",
  formats = {
    { from = "system", to = "none", number = "amount", help = "system, levels of industry" },
  },
}

return A
