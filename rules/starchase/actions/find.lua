-- FIND (rule 5.3): Search for probes in systems you own.

local A = {
  name = "FIND",
  rule = "5.3",
  cost = "none",
  summary = "Search for probes in systems you own.",
  formats = {
    { from = "none", to = "empire", number = "none", help = "whose active probe" },
    { from = "system", to = "none", number = "none", help = "any probe in this system" },
    { from = "system", to = "empire", number = "none", help = "this empire's probe in this system" },
  },
}

return A
