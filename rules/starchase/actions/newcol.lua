-- NEWCOL (rule 6.1): Build colony ships in a system you own (blank WHERE: the base).

local A = {
  name = "NEWCOL",
  rule = "6.1",
  cost = "20 BPs each",
  summary = "Build colony ships in a system you own (blank WHERE: the base).",
  formats = {
    { from = "system?", to = "none", number = "amount", help = "where, how many" },
  },
}

return A
