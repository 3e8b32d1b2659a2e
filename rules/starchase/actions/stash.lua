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

-- Turnsheet check and cost estimate (docs/turnsheet.md).

-- Nothing to check before the turn; a blank NUMBER in the last slot stashes all it can.
function A.check()
end

-- Three BPs per treasury BP.
function A.estimate(order, ctx)
  local per = rules.const.economy.stash_cost
  local n = order.number.n
  if order.number.kind == "rest" then n = math.floor(ctx.balance / per) end
  return per * n, -n
end

return A
