-- RECOVER (rule 4.11): Bring cruisers lost in space back into the reserve, up to recovery tech per action.

local A = {
  name = "RECOVER",
  rule = "4.11",
  cost = "1 BP per cruiser",
  summary = "Bring cruisers lost in space back into the reserve, up to recovery tech per action.",
  exclusive_with = { "RESERVE" },
  formats = {
    { from = "none", to = "none", number = "count", help = "cruisers" },
  },
}

local act = import("lib/act")
local words = import("lib/words")
local st = import("lib/st")

-- Brings cruisers lost in space back into the reserve, at most RT per action; not in a turn
-- in which RESERVE took ships out of the reserve (rule 2.11(a)).
function A.run(order, res, turn)
  local e = order.empire
  if not act.require_reserve_way(res, turn, e, "RECOVER") then return end
  local rt = st.tech(e, "RT")
  if rt < 1 then return act.fail(res, "recovering cruisers needs recovery tech (RT is 0)") end
  local lost = state.empire(e).lost_in_space
  local n, reduced = act.count(order.number, lost)
  if reduced then act.note(res, "only %s lost in space", words.were(n, "cruiser")) end
  if n > rt then
    act.note(res, "recovery tech %d recovers at most %s per action", rt,
      words.count(rt, "cruiser"))
    n = rt
  end
  if n == 0 then return act.fail(res, "no cruisers are lost in space") end
  if not act.pay(res, e, n * rules.const.actions.recover_per_ship, "RECOVER") then return end
  local emp = state.empire(e)
  state.set_empire(e, { lost_in_space = emp.lost_in_space - n, reserve = emp.reserve + n })
  act.note_reserve(turn, e, "RECOVER")
  res.details.cruisers = n
  act.note(res, "%s recovered into the reserve", words.count(n, "cruiser"))
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- Cruisers come back from lost in space, at most recovery tech per action (rule 4.11).
function A.check(_, ctx)
  if C.tech(ctx, "RT") == 0 then
    ctx.warning("number", "your recovery tech RT is 0: RECOVER brings no cruisers back")
  elseif state.empire(ctx.empire).lost_in_space == 0 then
    ctx.warning("number", "you have no cruisers lost in space")
  end
end

-- Per cruiser recovered, at most recovery tech.
function A.estimate(order, ctx)
  local n = C.count(order.number, state.empire(ctx.empire).lost_in_space)
  return C.cost("recover_per_ship") * math.min(n, C.tech(ctx, "RT"))
end

return A
