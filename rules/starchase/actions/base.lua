-- BASE (rule 6.13): Set the base where unused BPs build cruisers; blank WHERE stops it.

local A = {
  name = "BASE",
  rule = "6.13",
  cost = "none",
  summary = "Set the base where unused BPs build cruisers; blank WHERE stops it.",
  formats = {
    { from = "system?", to = "none", number = "none", help = "new base, or blank for none" },
  },
}

return A
