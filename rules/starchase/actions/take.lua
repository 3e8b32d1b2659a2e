-- TAKE (rule 7.5): Take one tech level offered by another empire's TRADE this turn; once per turn.

local A = {
  name = "TAKE",
  rule = "7.5",
  cost = "half the TECH cost, from the treasury",
  summary = "Take one tech level offered by another empire's TRADE this turn; once per turn.",
  once_per_turn = true,
  formats = {
    { from = "tech", to = "empire", number = "none", help = "tech, empire trading it" },
  },
}

local act = import("lib/act")
local trades = import("lib/trades")

-- Takes one level of a tech another empire offers with TRADE this turn (once per turn: a
-- second TAKE fails even if the first one failed, rule 7.5 "you've only got one per turn").
function A.run(order, res, turn)
  local e = order.empire
  turn.take_used = turn.take_used or {}
  if turn.take_used[e] then return act.fail(res, "only one TAKE per turn") end
  turn.take_used[e] = true
  trades.take(order, res, turn)
end

return A
