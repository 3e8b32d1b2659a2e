-- Replaces the standard bid step: these computers bid ai.order_bid for the order of play every
-- turn they can pay for it, neighbours or not.

local S = {}

function S.run(p)
  local bid = rules.const.ai.order_bid
  if p.balance >= bid then
    p:add({ action = "ORDER", number = bid, why = "the eager bidders' variant always bids" }, bid)
  end
end

return S
