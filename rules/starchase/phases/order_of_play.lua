-- The next turn's order of play (rule 6.8): empires that spent more BPs on ORDER this turn
-- (unused BPs included) go first; equal spending keeps the current relative order.

local P = { scope = "game" }
local log = import("lib/log")

function P.run(_, turn)
  local spent = turn.order_spent or {}
  local order = state.order()
  local place = {}
  for i, e in ipairs(order) do place[e] = i end
  table.sort(order, function(a, b)
    local sa, sb = spent[a] or 0, spent[b] or 0
    if sa ~= sb then return sa > sb end
    return place[a] < place[b]
  end)
  state.set_order(order)
  local bids = {}
  for _, e in ipairs(order) do bids[#bids + 1] = { empire = e, spent = spent[e] or 0 } end
  log.add(turn, "order_of_play", "", "Order of play for next turn: " .. table.concat(order, " "),
    { bids = bids })
end

return P
