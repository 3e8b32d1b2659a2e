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

local act = import("lib/act")
local words = import("lib/words")

-- Puts BPs into the treasury at 3 BPs each, reduced to what the balance pays for; a blank
-- number in the last slot stashes as much as possible.
function A.run(order, res)
  local e = order.empire
  local price = rules.const.economy.stash_cost
  local afford = math.floor(act.balance(e) / price)
  local want = order.number.kind == "rest" and afford or order.number.n
  local n = math.min(want, afford)
  if n == 0 then
    return act.fail(res, "stashing costs %d BPs each and only %d are left", price, act.balance(e))
  end
  if n < want then act.note(res, "only %s could be paid for", words.count(n, "treasury BP")) end
  act.pay(res, e, n * price)
  state.set_empire(e, { treasury = state.empire(e).treasury + n })
  res.details.stashed = n
  act.note(res, "%s put in the treasury for %s", words.count(n, "BP"),
    words.count(n * price, "BP"))
end

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
