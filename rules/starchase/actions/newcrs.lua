-- NEWCRS (rule 6.1): Build cruisers in a system you own (blank WHERE: the base).

local A = {
  name = "NEWCRS",
  rule = "6.1",
  cost = "10 BPs each",
  summary = "Build cruisers in a system you own (blank WHERE: the base).",
  formats = {
    { from = "system?", to = "none", number = "amount", help = "where, how many" },
  },
}

return A
