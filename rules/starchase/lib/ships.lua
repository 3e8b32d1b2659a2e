-- Building, scrapping and pointing at ships, shared by NEWCRS, NEWFTR, NEWCOL (rule 6.1),
-- SCRAPC, SCRAPF (rule 6.6), BASE and HOME (rules 6.13, 6.14).

local S = {}
local act = import("lib/act")
local words = import("lib/words")

-- Builds ships (holding field `field`, price `price` BPs each, called `what`, one is `one`) in a
-- system the empire owns (blank WHERE: the base): at most min(population, industry) there
-- (the population capped by Life Support at black dwarfs only, RULINGS.md "Economy"), and no
-- more than the balance pays for; fails only at zero.
function S.build(order, res, field, price, what, one)
  local e = order.empire
  local sys = order.from or state.empire(e).base
  if not sys then return act.fail(res, "no WHERE given and the empire has no base") end
  if not act.require_owned(res, e, sys, "WHERE") then return end
  if act.blockaded(sys) then return act.fail(res, "%s is blockaded", act.code(sys)) end
  local h = state.holding(sys)
  local most = act.build_limit(e, sys)
  local want = order.number.n
  local afford = math.floor(act.balance(e) / price)
  local n = math.min(want, most, afford)
  if n == 0 then
    if most == 0 then
      return act.fail(res, "%s needs both population and industry to build ships", act.code(sys))
    end
    return act.fail(res, "one %s costs %d BPs but only %d are left", one, price, act.balance(e))
  end
  if n < want then
    act.note(res, "built %d of %d %s (limited by %s)", n, want, what,
      n == afford and "BPs" or "population and industry")
  end
  act.pay(res, e, n * price)
  state.set_holding(sys, { [field] = h[field] + n })
  res.details.built = n
  res.details.system = sys
  act.note(res, "%d %s built at %s", n, words.noun(n, one, what), act.code(sys))
end

-- Scraps ships (holding field `field`, called `what`) for actions.scrap_per_ship BPs each.
function S.scrap(order, res, field, what, name)
  local e, sys = order.empire, order.from
  if not act.require_owned(res, e, sys, "WHERE") then return end
  local h = state.holding(sys)
  local n, reduced = act.count(order.number, h[field])
  local one = what:gsub("s$", "")
  if reduced then
    act.note(res, "only %d %s at %s", n, n == 1 and one .. " was" or what .. " were", act.code(sys))
  end
  if n == 0 then return act.fail(res, "no %s to scrap at %s", what, act.code(sys)) end
  if not act.pay(res, e, n * rules.const.actions.scrap_per_ship, name) then return end
  state.set_holding(sys, { [field] = h[field] - n })
  res.details.scrapped = n
  act.note(res, "%d %s scrapped at %s", n, words.noun(n, one, what), act.code(sys))
end

-- Sets the empire's `which` system ("base" or "home", where unused BPs build `ships`); a blank
-- WHERE means none.
function S.point(order, res, which, ships)
  local e, sys = order.empire, order.from
  if not sys then
    state.set_empire(e, { [which] = false })
    act.note(res, "no %s: unused BPs will not build %s", which, ships)
    return
  end
  if not act.require_owned(res, e, sys, "WHERE") then return end
  state.set_empire(e, { [which] = sys })
  act.note(res, "%s is now the %s", act.code(sys), which)
end

return S
