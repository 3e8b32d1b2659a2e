-- SEND (rule 4.12): Move cruisers like MOVE, but never attack: into another empire's system nothing happens.

local A = {
  name = "SEND",
  rule = "4.12",
  cost = "1 BP",
  summary = "Move cruisers like MOVE, but never attack: into another empire's system nothing happens.",
  formats = {
    { from = "system", to = "system", number = "count", help = "from, to, cruisers" },
  },
}

return A
