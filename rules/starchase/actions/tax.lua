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

-- Turnsheet check and cost estimate (docs/turnsheet.md).

-- Nothing to check before the turn.
function A.check()
end

-- Adds BPs to the balance.
function A.estimate()
  return -rules.const.economy.tax_bps
end

return A
