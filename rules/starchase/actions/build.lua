-- BUILD (rule 6.2): Add industry to a system you own, up to its population limit.

local A = {
  name = "BUILD",
  rule = "6.2",
  cost = "5 BPs per level",
  summary = "Add industry to a system you own, up to its population limit.",
  formats = {
    { from = "system", to = "none", number = "amount", help = "system, levels of industry" },
  },
}

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")
local E = import("lib/economy")

-- In a system of yours; industry stops at the population limit (rule 6.2).
function A.check(order, ctx)
  if not C.need_owned(order, ctx, "from") then return end
  local h = C.own_holding(ctx, order.from)
  if h then
    local limit = E.pop_limit(ctx.empire, order.from)
    if h.industry >= limit then
      ctx.warning("from", string.format("industry here is already at the limit (%d): nothing "
        .. "will be built", limit))
    end
  end
  C.note_industry(ctx, order.from)
end

function A.estimate(order)
  return C.cost("build_per_level") * order.number.n
end

return A
