-- RETREAT (rule 4.2): Set a system's defence mode to RETREAT, retreating to an adjacent system you own.

local A = {
  name = "RETREAT",
  rule = "4.2",
  cost = "none",
  summary = "Set a system's defence mode to RETREAT, retreating to an adjacent system you own.",
  formats = {
    { from = "system", to = "system", number = "none", help = "system, where its cruisers retreat to" },
  },
}

return A
