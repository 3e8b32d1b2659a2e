-- NEWFTR (rule 6.1): Build fighters in a system you own (blank WHERE: the base).

local A = {
  name = "NEWFTR",
  rule = "6.1",
  cost = "3 BPs each",
  summary = "Build fighters in a system you own (blank WHERE: the base).",
  formats = {
    { from = "system?", to = "none", number = "amount", help = "where, how many" },
  },
}

return A
