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

local act = import("lib/act")
local words = import("lib/words")

-- Spends BPs on the next turn's order of play (rule 6.8), reduced to what is left; a blank
-- number in the last slot spends everything left.
function A.run(order, res, turn)
  local e = order.empire
  local b = act.balance(e)
  local want = order.number.kind == "rest" and b or order.number.n
  local n = math.min(want, b)
  if n == 0 then return act.fail(res, "no BPs left to spend on ORDER") end
  if n < want then act.note(res, "only %s left to bid", words.were(n, "BP")) end
  act.pay(res, e, n)
  act.tally(turn, "order_spent", e, n)
  res.details.bid = n
  act.note(res, "%s spent on the order of play (%d this turn)", words.count(n, "BP"), turn.order_spent[e])
end

-- Turnsheet check and cost estimate (docs/turnsheet.md).

-- Nothing to check before the turn; a blank NUMBER in the last slot bids all that is left.
function A.check()
end

function A.estimate(order, ctx)
  if order.number.kind == "rest" then return ctx.balance end
  return order.number.n
end

return A
