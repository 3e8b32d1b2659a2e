-- MOVECOL (rule 4.8): Move colony ships between adjacent systems you own, taking fighters along up to fighter tech.

local A = {
  name = "MOVECOL",
  rule = "4.8",
  cost = "2 BPs per colony ship",
  summary = "Move colony ships between adjacent systems you own, taking fighters along up to fighter tech.",
  formats = {
    { from = "system", to = "system", number = "count", help = "from, to, colony ships" },
  },
}

return A
