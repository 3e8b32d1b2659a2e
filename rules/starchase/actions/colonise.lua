-- COLONISE (rule 6.5): Plant one population from a colony ship, where it is or thrown into an adjacent system you own.

local A = {
  name = "COLONISE",
  rule = "6.5",
  cost = "2 BPs",
  summary = "Plant one population from a colony ship, where it is or thrown into an adjacent system you own.",
  formats = {
    { from = "system", to = "none", number = "none", help = "plant where the colony ship is" },
    { from = "system", to = "system", number = "none", help = "throw from the colony ship's system to an adjacent system" },
  },
}

return A
