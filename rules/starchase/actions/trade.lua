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

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- To another empire; you need the tech yourself (rule 7.6).
function A.check(order, ctx)
  C.need_other_empire(order, ctx, "to", "you cannot trade a tech to your own empire")
  local code = order.from
  local mine = C.tech(ctx, code)
  if mine == 0 then
    ctx.warning("from", string.format("you have no %s to trade", code))
  elseif order.number and order.number.n > mine then
    ctx.warning("number", string.format("above your own level of %s (%d)", code, mine))
  end
end

return A
