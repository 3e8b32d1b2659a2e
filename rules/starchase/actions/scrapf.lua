-- SCRAPF (rule 6.6): Scrap fighters.

local A = {
  name = "SCRAPF",
  rule = "6.6",
  cost = "1 BP per fighter",
  summary = "Scrap fighters.",
  formats = {
    { from = "system", to = "none", number = "count", help = "system, fighters" },
  },
}

return A
