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

local ships = import("lib/ships")

-- Sets the home (where unused BPs build fighters); a blank WHERE means none (lib/ships.lua).
function A.run(order, res)
  ships.point(order, res, "home", "fighters")
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- The new home must be yours; blank means no home.
function A.check(order, ctx)
  C.need_owned(order, ctx, "from")
end

return A
