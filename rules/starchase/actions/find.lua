-- FIND (rule 5.3): Search for probes in systems you own.

local A = {
  name = "FIND",
  rule = "5.3",
  cost = "none",
  summary = "Search for probes in systems you own.",
  formats = {
    { from = "none", to = "empire", number = "none", help = "whose active probe" },
    { from = "system", to = "none", number = "none", help = "any probe in this system" },
    { from = "system", to = "empire", number = "none", help = "this empire's probe in this system" },
  },
}

local act = import("lib/act")
local st = import("lib/st")

-- Searches for probes (rule 5.3, RULINGS.md): only probes in systems the empire owns are
-- found. Format 1: where that empire's active probe is; format 2: any probe in WHERE (one at
-- random if several); format 3: that empire's probe in WHERE.
function A.run(order, res)
  local e, where, whose = order.empire, order.from, order.to
  if where and not act.require_owned(res, e, where, "WHERE") then return end
  local hits = {}
  for _, p in ipairs(st.probes()) do
    if p.empire ~= e and (not whose or p.empire == whose) then
      if where then
        if p.system == where then hits[#hits + 1] = p end
      elseif p.active and act.owner(p.system) == e then
        hits[#hits + 1] = p
      end
    end
  end
  if #hits == 0 then
    res.details.found = false
    act.note(res, "FIND: not found")
    return
  end
  local p = hits[#hits == 1 and 1 or rng.range(1, #hits)]
  res.details.found = { empire = p.empire, system = p.system, active = p.active }
  act.note(res, "FIND: a probe of %s at %s", p.empire, act.code(p.system))
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- Probes are found only in systems you own (rule 5.3).
function A.check(order, ctx)
  if order.from then C.need_owned(order, ctx, "from") end
  if order.to == ctx.empire then
    ctx.warning("to", "this is your own empire: FIND looks for other empires' probes")
  end
end

return A
