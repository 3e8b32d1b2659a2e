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

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- Another empire's probes, in a system you own (rule 5.4).
function A.check(order, ctx)
  C.need_owned(order, ctx, "from")
  C.need_other_empire(order, ctx, "to", "these are your own probes: KILL destroys other "
    .. "empires' probes")
end

return A
