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

local act = import("lib/act")

-- Adds industry to a system the empire owns, 5 BPs a level, up to the population limit.
function A.run(order, res)
  local e, sys = order.empire, order.from
  if not act.require_owned(res, e, sys, "WHERE") then return end
  if act.blockaded(sys) then return act.fail(res, "%s is blockaded", act.code(sys)) end
  local h = state.holding(sys)
  local room = act.pop_limit(e, sys) - h.industry
  local n = math.min(order.number.n, room)
  if n <= 0 then
    return act.fail(res, "industry at %s is already at its limit of %d", act.code(sys),
      act.pop_limit(e, sys))
  end
  if n < order.number.n then
    act.note(res, "only %d levels fit under the limit of %d at %s", n, act.pop_limit(e, sys),
      act.code(sys))
  end
  if not act.pay(res, e, n * rules.const.actions.build_per_level, "BUILD") then return end
  state.set_holding(sys, { industry = h.industry + n })
  res.details.levels = n
  act.note(res, "industry at %s rose by %d to %d", act.code(sys), n, h.industry + n)
end

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
