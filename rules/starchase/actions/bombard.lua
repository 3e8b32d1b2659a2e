-- BOMBARD (rule 4.7): Bombard a planet from cruisers in its parent star: it loses a cruiser, a fighter and 5-9 population and industry.

local A = {
  name = "BOMBARD",
  rule = "4.7",
  cost = "2 BPs",
  summary = "Bombard a planet from cruisers in its parent star: it loses a cruiser, a fighter and 5-9 population and industry.",
  formats = {
    { from = "system", to = "system", number = "none", help = "star with your cruisers, planet to bombard" },
  },
}

return A
