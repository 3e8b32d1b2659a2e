-- MOVE (rule 4.1): Move cruisers along a link; into another empire's system it is an attack of one round.

local A = {
  name = "MOVE",
  rule = "4.1",
  cost = "1 BP",
  summary = "Move cruisers along a link; into another empire's system it is an attack of one round.",
  formats = {
    { from = "system", to = "system", number = "count", help = "from, to, cruisers" },
  },
}

return A
