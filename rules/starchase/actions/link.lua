-- LINK (rule 6.7): Build a hyperspace link from a star you own to a star you own or hold your active probe in.

local A = {
  name = "LINK",
  rule = "6.7",
  cost = "10 x distance squared",
  summary = "Build a hyperspace link from a star you own to a star you own or hold your active probe in.",
  formats = {
    { from = "system", to = "system", number = "none", help = "from, to" },
  },
}

return A
