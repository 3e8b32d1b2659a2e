-- KILL (rule 5.4): Destroy one probe of an empire in a system you own.

local A = {
  name = "KILL",
  rule = "5.4",
  cost = "none",
  summary = "Destroy one probe of an empire in a system you own.",
  formats = {
    { from = "system", to = "empire", number = "none", help = "system, whose probe" },
  },
}

local act = import("lib/act")
local st = import("lib/st")

-- Destroys one probe of an empire in a system the empire owns (its active one first).
function A.run(order, res)
  local e, where, whose = order.empire, order.from, order.to
  if not act.require_owned(res, e, where, "WHERE") then return end
  if not act.is_empire(whose) then
    return act.fail(res, "there is no empire %s (WHOSE PROBE)", whose)
  end
  local probes = st.probes(whose)
  local victim
  for i, p in ipairs(probes) do
    if p.system == where and (not victim or (p.active and not probes[victim].active)) then
      victim = i
    end
  end
  if not victim then
    return act.fail(res, "no probe of %s at %s", whose, act.code(where))
  end
  table.remove(probes, victim)
  st.set_probes(whose, probes)
  res.details.killed = { empire = whose, system = where }
  act.note(res, "a probe of %s at %s was destroyed", whose, act.code(where))
  act.event(res, whose, "%s destroyed your probe at %s", e, act.code(where))
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- Another empire's probes, in a system you own (rule 5.4).
function A.check(order, ctx)
  C.need_owned(order, ctx, "from")
  C.need_other_empire(order, ctx, "to", "these are your own probes: KILL destroys other "
    .. "empires' probes")
end

return A
