-- LAYUP (rule 4.9): Put cruisers into the fleet reserve from a system with population and industry.

local A = {
  name = "LAYUP",
  rule = "4.9",
  cost = "2 BPs per cruiser",
  summary = "Put cruisers into the fleet reserve from a system with population and industry.",
  exclusive_with = { "RESERVE" },
  formats = {
    { from = "system", to = "none", number = "count", help = "system, cruisers" },
  },
}

local act = import("lib/act")
local words = import("lib/words")
local st = import("lib/st")

-- Lays cruisers up in the fleet reserve, at most RS + population + industry per action.
function A.run(order, res, turn)
  local e, sys = order.empire, order.from
  if not act.require_owned(res, e, sys, "WHERE") then return end
  if not act.require_reserve_way(res, turn, e, "LAYUP") then return end
  -- Pack ruling: a sticky system does not stop a LAYUP; stickiness stops moves to other
  -- systems (rule 3.2), and laid-up cruisers leave the map instead.
  local h = state.holding(sys)
  if h.population == 0 or h.industry == 0 then
    return act.fail(res, "%s needs both population and industry", act.code(sys))
  end
  local most = st.tech(e, "RS") + h.population + h.industry
  local n, reduced = act.count(order.number, h.cruisers)
  if reduced then act.note(res, "only %s at %s", words.were(n, "cruiser"), act.code(sys)) end
  if n > most then
    act.note(res, "at most %s can be laid up at %s in one action",
      words.count(most, "cruiser"), act.code(sys))
    n = most
  end
  if n == 0 then return act.fail(res, "no cruisers to lay up at %s", act.code(sys)) end
  if not act.pay(res, e, n * rules.const.actions.layup_per_ship, "LAYUP") then return end
  state.set_holding(sys, { cruisers = h.cruisers - n })
  state.set_empire(e, { reserve = state.empire(e).reserve + n })
  act.note_reserve(turn, e, "LAYUP")
  res.details.cruisers = n
  act.note(res, "%s laid up in the reserve from %s", words.count(n, "cruiser"), act.code(sys))
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- In a system of yours with population and industry (rule 4.9).
function A.check(order, ctx)
  C.check_reserve_system(order, ctx, "LAYUP")
end

-- Per cruiser laid up: at most reserve tech + population + industry of the system.
function A.estimate(order, ctx)
  local cruisers = C.known_count(ctx, order.from, "cruisers")
  local n = math.min(C.count(order.number, cruisers), C.reserve_limit(ctx, order.from))
  return C.cost("layup_per_ship") * n
end

return A
