-- MOVEF (rule 4.5): Move fighters between adjacent systems you own, up to fighter tech per action.

local A = {
  name = "MOVEF",
  rule = "4.5",
  cost = "1 BP per fighter",
  summary = "Move fighters between adjacent systems you own, up to fighter tech per action.",
  formats = {
    { from = "system", to = "system", number = "count", help = "from, to, fighters" },
  },
}

return A
