-- HOME (rule 6.14): Set the home where unused BPs build fighters; blank WHERE stops it.

local A = {
  name = "HOME",
  rule = "6.14",
  cost = "none",
  summary = "Set the home where unused BPs build fighters; blank WHERE stops it.",
  formats = {
    { from = "system?", to = "none", number = "none", help = "new home, or blank for none" },
  },
}

local act = import("lib/act")

-- Sets the home (where unused BPs build fighters); a blank WHERE means none.
function A.run(order, res)
  local e, sys = order.empire, order.from
  if not sys then
    state.set_empire(e, { home = false })
    act.note(res, "no home: unused BPs will not build fighters")
    return
  end
  if not act.require_owned(res, e, sys, "WHERE") then return end
  state.set_empire(e, { home = sys })
  act.note(res, "%s is now the home", act.code(sys))
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- The new home must be yours; blank means no home.
function A.check(order, ctx)
  C.need_owned(order, ctx, "from")
end

return A
