-- GROW (rule 6.3): Raise population by the Birth Labs level, up to the limit; once per system per turn.

local A = {
  name = "GROW",
  rule = "6.3",
  cost = "current population",
  summary = "Raise population by the Birth Labs level, up to the limit; once per system per turn.",
  formats = {
    { from = "system", to = "none", number = "none", help = "system" },
  },
}

return A
