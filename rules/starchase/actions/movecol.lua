-- MOVECOL (rule 4.8): Move colony ships between adjacent systems you own, taking fighters along up to fighter tech.

local A = {
  name = "MOVECOL",
  rule = "4.8",
  cost = "2 BPs per colony ship",
  summary = "Move colony ships between adjacent systems you own, taking fighters along up to fighter tech.",
  formats = {
    { from = "system", to = "system", number = "count", help = "from, to, colony ships" },
  },
}

local act = import("lib/act")
local words = import("lib/words")
local st = import("lib/st")

-- Moves colony ships between adjacent systems the empire owns, taking fighters along (up to
-- FT) at no extra cost; the destination becomes sticky.
function A.run(order, res, turn)
  local e, from, to = order.empire, order.from, order.to
  if not act.require_owned(res, e, from, "WHERE FROM") then return end
  if not act.require_owned(res, e, to, "WHERE TO") then return end
  if not galaxy.linked(from, to) then
    return act.fail(res, "%s is not linked to %s", act.code(from), act.code(to))
  end
  if act.is_sticky(turn, e, from) then
    return act.fail(res, "ships at %s are stuck there this turn", act.code(from))
  end
  local n, reduced = act.count(order.number, state.holding(from).colony_ships)
  if n == 0 then return act.fail(res, "no colony ships to move at %s", act.code(from)) end
  if reduced then act.note(res, "only %s at %s", words.were(n, "colony ship"), act.code(from)) end
  if not act.pay(res, e, n * rules.const.actions.movecol_per_ship, "MOVECOL") then return end
  local hf, ht = state.holding(from), state.holding(to)
  local f = math.min(st.tech(e, "FT"), hf.fighters)
  state.set_holding(from, { colony_ships = hf.colony_ships - n, fighters = hf.fighters - f })
  state.set_holding(to, { colony_ships = ht.colony_ships + n, fighters = ht.fighters + f })
  act.make_sticky(turn, e, to)
  res.details.colony_ships, res.details.fighters = n, f
  act.note(res, "%s%s moved from %s to %s", words.count(n, "colony ship"),
    f > 0 and " and " .. words.count(f, "fighter") or "", act.code(from), act.code(to))
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- Between two linked systems of yours (rule 4.8).
function A.check(order, ctx)
  C.need_owned(order, ctx, "from")
  C.need_owned(order, ctx, "to")
  C.need_linked(order, ctx, "from", "to")
end

-- Per colony ship moved.
function A.estimate(order, ctx)
  local n = C.count(order.number, C.known_count(ctx, order.from, "colony_ships"))
  return C.cost("movecol_per_ship") * n
end

return A
