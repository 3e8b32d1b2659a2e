-- NEWCRS (rule 6.1): Build cruisers in a system you own (blank WHERE: the base).

local A = {
  name = "NEWCRS",
  rule = "6.1",
  cost = "10 BPs each",
  summary = "Build cruisers in a system you own (blank WHERE: the base).",
  formats = {
    { from = "system?", to = "none", number = "amount", help = "where, how many" },
  },
}

local act = import("lib/act")

-- Builds cruisers in a system the empire owns (blank WHERE: the base): at most population (up
-- to its limit) and at most industry there, and no more than the balance pays for.
function A.run(order, res)
  local e = order.empire
  local sys = order.from or state.empire(e).base
  if not sys then return act.fail(res, "no WHERE given and the empire has no base") end
  if not act.require_owned(res, e, sys, "WHERE") then return end
  if act.blockaded(sys) then return act.fail(res, "%s is blockaded", act.code(sys)) end
  local h = state.holding(sys)
  local price = rules.const.ships.cruiser
  local most = math.min(math.min(h.population, act.pop_limit(e, sys)), h.industry)
  local want = order.number.n
  local afford = math.floor(act.balance(e) / price)
  local n = math.min(want, most, afford)
  if n == 0 then
    if most == 0 then
      return act.fail(res, "%s needs both population and industry to build ships", act.code(sys))
    end
    return act.fail(res, "one cruiser costs %d BPs but only %d are left", price, act.balance(e))
  end
  if n < want then
    act.note(res, "built %d of %d cruisers (limited by %s)", n, want,
      n == afford and "BPs" or "population and industry")
  end
  act.pay(res, e, n * price)
  state.set_holding(sys, { cruisers = h.cruisers + n })
  res.details.built = n
  res.details.system = sys
  act.note(res, "%d cruisers built at %s", n, act.code(sys))
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- In a system of yours, or the base when WHERE is blank (rule 6.1).
function A.check(order, ctx)
  C.check_new_ships(order, ctx)
end

-- The build cost of each ship.
function A.estimate(order)
  return rules.const.ships.cruiser * order.number.n
end

return A
