-- TRADE (rule 7.6): Offer a tech to another empire, which must TAKE it this turn.

local A = {
  name = "TRADE",
  rule = "7.6",
  cost = "none",
  summary = "Offer a tech to another empire, which must TAKE it this turn.",
  formats = {
    { from = "tech", to = "empire", number = "none", help = "tech, empire taking it" },
    { from = "tech", to = "empire", number = "level", help = "tech, empire, highest level it may take" },
  },
}

return A
