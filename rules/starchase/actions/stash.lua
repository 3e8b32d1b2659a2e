-- STASH (rule 6.10): Put BPs into the treasury; blank in the last slot stashes all that is left.

local A = {
  name = "STASH",
  rule = "6.10",
  cost = "3 BPs per treasury BP",
  summary = "Put BPs into the treasury; blank in the last slot stashes all that is left.",
  formats = {
    { from = "none", to = "none", number = "amount", blank_number_in_last_slot = true, help = "treasury BPs to add" },
  },
}

return A
