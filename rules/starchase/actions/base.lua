-- BASE (rule 6.13): Set the base where unused BPs build cruisers; blank WHERE stops it.

local A = {
  name = "BASE",
  rule = "6.13",
  cost = "none",
  summary = "Set the base where unused BPs build cruisers; blank WHERE stops it.",
  formats = {
    { from = "system?", to = "none", number = "none", help = "new base, or blank for none" },
  },
}

local ships = import("lib/ships")

-- Sets the base (where unused BPs build cruisers); a blank WHERE means none (lib/ships.lua).
function A.run(order, res)
  ships.point(order, res, "base", "cruisers")
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- The new base must be yours; blank means no base.
function A.check(order, ctx)
  C.need_owned(order, ctx, "from")
  C.note_base(ctx, order.from)
end

return A
