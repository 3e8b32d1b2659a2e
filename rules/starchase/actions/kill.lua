-- KILL (rule 5.4): Destroy one probe of an empire in a system you own.

local A = {
  name = "KILL",
  rule = "5.4",
  cost = "none",
  summary = "Destroy one probe of an empire in a system you own.",
  formats = {
    { from = "system", to = "empire", number = "none", help = "system, whose probe" },
  },
}

return A
