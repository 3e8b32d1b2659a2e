-- BUSTER (rule 6.15): Fire a bomb from a star holding your colony ship: at one of its planets (it becomes a belt) or a linked star (the link is destroyed).

local A = {
  name = "BUSTER",
  rule = "6.15",
  cost = "none",
  summary = "Fire a bomb from a star holding your colony ship: at one of its planets (it becomes a belt) or a linked star (the link is destroyed).",
  formats = {
    { from = "system", to = "system", number = "none", help = "star with your colony ship, planet or linked star" },
  },
}

return A
