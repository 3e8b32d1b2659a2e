-- ASSAULT (rule 4.3): All-out attack in rounds of one third losses until one side's fleet is gone; the survivors are stuck.

local A = {
  name = "ASSAULT",
  rule = "4.3",
  cost = "2 BPs",
  summary = "All-out attack in rounds of one third losses until one side's fleet is gone; the survivors are stuck.",
  formats = {
    { from = "system", to = "system", number = "count", help = "from, to, cruisers" },
  },
}

return A
