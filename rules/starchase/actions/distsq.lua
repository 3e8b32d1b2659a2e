-- DISTSQ (rule 3.13): Report the squared distance from a system you own to a star.

local A = {
  name = "DISTSQ",
  rule = "3.13",
  cost = "none",
  summary = "Report the squared distance from a system you own to a star.",
  formats = {
    { from = "system", to = "system", number = "none", help = "from (yours), to (a star)" },
  },
}

return A
