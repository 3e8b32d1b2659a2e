-- RECOVER (rule 4.11): Bring cruisers lost in space back into the reserve, up to recovery tech per action.

local A = {
  name = "RECOVER",
  rule = "4.11",
  cost = "1 BP per cruiser",
  summary = "Bring cruisers lost in space back into the reserve, up to recovery tech per action.",
  formats = {
    { from = "none", to = "none", number = "count", help = "cruisers" },
  },
}

local act = import("lib/act")

-- Brings cruisers lost in space back into the reserve, at most RT per action.
function A.run(order, res)
  local e = order.empire
  local rt = state.tech(e, "RT")
  if rt < 1 then return act.fail(res, "recovering cruisers needs recovery tech (RT is 0)") end
  local lost = state.empire(e).lost_in_space
  local n, reduced = act.count(order.number, lost)
  if reduced then act.note(res, "only %d cruisers were lost in space", n) end
  if n > rt then
    act.note(res, "recovery tech %d recovers at most %d cruisers per action", rt, rt)
    n = rt
  end
  if n == 0 then return act.fail(res, "no cruisers are lost in space") end
  if not act.pay(res, e, n * rules.const.actions.recover_per_ship, "RECOVER") then return end
  local emp = state.empire(e)
  state.set_empire(e, { lost_in_space = emp.lost_in_space - n, reserve = emp.reserve + n })
  res.details.cruisers = n
  act.note(res, "%d cruisers recovered into the reserve", n)
end

return A
