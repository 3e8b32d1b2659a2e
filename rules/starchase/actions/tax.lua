-- TAX (rule 6.12): Add 2 BPs to this turn's balance.

local A = {
  name = "TAX",
  rule = "6.12",
  cost = "none",
  summary = "Add 2 BPs to this turn's balance.",
  formats = {
    { from = "none", to = "none", number = "none", help = "" },
  },
}

local act = import("lib/act")
local words = import("lib/words")

-- Adds economy.tax_bps (2) BPs to this turn's balance.
function A.run(order, res)
  local e = order.empire
  local n = rules.const.economy.tax_bps
  state.set_empire(e, { balance = act.balance(e) + n })
  res.details.gained = n
  act.note(res, "%s raised in taxes", words.count(n, "BP"))
end

-- Turnsheet check and cost estimate (docs/turnsheet.md).

-- Nothing to check before the turn.
function A.check()
end

-- Adds BPs to the balance.
function A.estimate()
  return -rules.const.economy.tax_bps
end

return A
