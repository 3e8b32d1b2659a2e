-- DEFEND (rule 4.2): Set a system's defence mode to DEFEND.

local A = {
  name = "DEFEND",
  rule = "4.2",
  cost = "none",
  summary = "Set a system's defence mode to DEFEND.",
  formats = {
    { from = "system", to = "none", number = "none", help = "system" },
  },
}

return A
