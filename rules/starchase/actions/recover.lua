-- RECOVER (rule 4.11): Bring cruisers lost in space back into the reserve, up to recovery tech per action.

local A = {
  name = "RECOVER",
  rule = "4.11",
  cost = "1 BP per cruiser",
  summary = "Bring cruisers lost in space back into the reserve, up to recovery tech per action.",
  formats = {
    { from = "none", to = "none", number = "count", help = "cruisers" },
  },
}

return A
