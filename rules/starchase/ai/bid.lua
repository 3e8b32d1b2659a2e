-- Step "bid" (dropout and computer players): bids ai.order_bid BPs for an earlier place in the
-- next turn's order of play (ORDER, rule 6.8) while other empires are next door, where moving
-- first decides battles; the rulebook's note says 3 BPs beat the leftovers others spend.

local S = {}
local CONST = import("ai/const")
local C = CONST.ai

function S.run(p, v)
  if #v:enemies() == 0 or p.balance < C.order_bid * 2 then return end
  p:add({ action = "ORDER", number = C.order_bid, why = string.format(
    "other empires are next door: bid %d BPs to move earlier next turn", C.order_bid) }, C.order_bid)
end

return S
