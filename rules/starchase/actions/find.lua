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
