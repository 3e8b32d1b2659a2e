-- RESERVE (rule 4.10): Place reserve cruisers in a system with population and industry; it becomes sticky.

local A = {
  name = "RESERVE",
  rule = "4.10",
  cost = "1 BP per cruiser",
  summary = "Place reserve cruisers in a system with population and industry; it becomes sticky.",
  exclusive_with = { "LAYUP", "RECOVER" },
  formats = {
    { from = "system", to = "none", number = "count", help = "system, cruisers" },
  },
}

local act = import("lib/act")
local words = import("lib/words")
local st = import("lib/st")

-- Places reserve cruisers in a system with population and industry (at most RS + population +
-- industry per action); the system becomes sticky.
function A.run(order, res, turn)
  local e, sys = order.empire, order.from
  if not act.require_owned(res, e, sys, "WHERE") then return end
  if not act.require_reserve_way(res, turn, e, "RESERVE") then return end
  if act.blockaded(sys) then return act.fail(res, "%s is blockaded", act.code(sys)) end
  local h = state.holding(sys)
  if h.population == 0 or h.industry == 0 then
    return act.fail(res, "%s needs both population and industry", act.code(sys))
  end
  local most = st.tech(e, "RS") + h.population + h.industry
  local n, reduced = act.count(order.number, state.empire(e).reserve)
  if reduced then act.note(res, "only %s in the reserve", words.were(n, "cruiser")) end
  if n > most then
    act.note(res, "at most %s can be placed at %s in one action",
      words.count(most, "cruiser"), act.code(sys))
    n = most
  end
  if n == 0 then return act.fail(res, "no cruisers in the reserve") end
  if not act.pay(res, e, n * rules.const.actions.reserve_per_ship, "RESERVE") then return end
  state.set_empire(e, { reserve = state.empire(e).reserve - n })
  state.set_holding(sys, { cruisers = h.cruisers + n })
  act.make_sticky(turn, e, sys)
  act.note_reserve(turn, e, "RESERVE")
  res.details.cruisers = n
  act.note(res, "%s placed at %s", words.count(n, "reserve cruiser"), act.code(sys))
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- In a system of yours with population and industry (rule 4.10).
function A.check(order, ctx)
  C.check_reserve_system(order, ctx, "RESERVE")
  if state.empire(ctx.empire).reserve == 0 then
    ctx.warning("number", "you have no cruisers in reserve")
  end
end

-- Per cruiser placed: at most reserve tech + population + industry of the system.
function A.estimate(order, ctx)
  local n = C.count(order.number, state.empire(ctx.empire).reserve)
  return C.cost("reserve_per_ship") * math.min(n, C.reserve_limit(ctx, order.from))
end

return A
