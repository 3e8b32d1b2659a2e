-- ORDER (rule 6.8): Bid BPs for an earlier place in the next turn's order of play; blank in the last slot bids all that is left.

local A = {
  name = "ORDER",
  rule = "6.8",
  cost = "the BPs bid",
  summary = "Bid BPs for an earlier place in the next turn's order of play; blank in the last slot bids all that is left.",
  formats = {
    { from = "none", to = "none", number = "amount", blank_number_in_last_slot = true, help = "BPs to spend" },
  },
}

return A
