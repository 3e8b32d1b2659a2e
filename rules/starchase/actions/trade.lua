-- TRADE (rule 7.6): Offer a tech to another empire, which must TAKE it this turn.

local A = {
  name = "TRADE",
  rule = "7.6",
  cost = "none",
  summary = "Offer a tech to another empire, which must TAKE it this turn.",
  formats = {
    { from = "tech", to = "empire", number = "none", help = "tech, empire taking it" },
    { from = "tech", to = "empire", number = "level", help = "tech, empire, highest level it may take" },
  },
}

local trades = import("lib/trades")

-- Offers a tech to another empire; completes when that empire's TAKE runs this turn.
function A.run(order, res, turn)
  trades.offer(order, res, turn)
end

return A
