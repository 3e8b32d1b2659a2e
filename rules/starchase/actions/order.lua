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

-- Turnsheet check and cost estimate (docs/turnsheet.md).

-- Nothing to check before the turn; a blank NUMBER in the last slot bids all that is left.
function A.check()
end

function A.estimate(order, ctx)
  if order.number.kind == "rest" then return ctx.balance end
  return order.number.n
end

return A
