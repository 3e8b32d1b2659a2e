-- HOME (rule 6.14): Set the home where unused BPs build fighters; blank WHERE stops it.

local A = {
  name = "HOME",
  rule = "6.14",
  cost = "none",
  summary = "Set the home where unused BPs build fighters; blank WHERE stops it.",
  formats = {
    { from = "system?", to = "none", number = "none", help = "new home, or blank for none" },
  },
}

return A
