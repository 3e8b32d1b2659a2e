-- TAKE (rule 7.5): Take one tech level offered by another empire's TRADE this turn; once per turn.

local A = {
  name = "TAKE",
  rule = "7.5",
  cost = "half the TECH cost, from the treasury",
  summary = "Take one tech level offered by another empire's TRADE this turn; once per turn.",
  once_per_turn = true,
  formats = {
    { from = "tech", to = "empire", number = "none", help = "tech, empire trading it" },
  },
}

return A
