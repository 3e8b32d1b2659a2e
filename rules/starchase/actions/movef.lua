-- MOVEF (rule 4.5): Move fighters between adjacent systems you own, up to fighter tech per action.

local A = {
  name = "MOVEF",
  rule = "4.5",
  cost = "1 BP per fighter",
  summary = "Move fighters between adjacent systems you own, up to fighter tech per action.",
  formats = {
    { from = "system", to = "system", number = "count", help = "from, to, fighters" },
  },
}

local act = import("lib/act")
local words = import("lib/words")
local st = import("lib/st")

-- Moves fighters between adjacent systems the empire owns, at most FT per action.
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
  local ft = st.tech(e, "FT")
  if ft < 1 then return act.fail(res, "fighters cannot move without fighter tech (FT is 0)") end
  local n, reduced = act.count(order.number, state.holding(from).fighters)
  if reduced then act.note(res, "only %s at %s", words.were(n, "fighter"), act.code(from)) end
  if n > ft then
    act.note(res, "fighter tech %d moves at most %s per action", ft,
      words.count(ft, "fighter"))
    n = ft
  end
  if n == 0 then return act.fail(res, "no fighters to move at %s", act.code(from)) end
  if not act.pay(res, e, n * rules.const.actions.movef_per_fighter, "MOVEF") then return end
  local hf, ht = state.holding(from), state.holding(to)
  state.set_holding(from, { fighters = hf.fighters - n })
  state.set_holding(to, { fighters = ht.fighters + n })
  act.make_sticky(turn, e, to)
  res.details.fighters = n
  act.note(res, "%s moved from %s to %s", words.count(n, "fighter"), act.code(from), act.code(to))
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- Between two linked systems of yours, at most fighter tech per action (rule 4.5).
function A.check(order, ctx)
  C.need_owned(order, ctx, "from")
  C.need_owned(order, ctx, "to")
  C.need_linked(order, ctx, "from", "to")
  if C.tech(ctx, "FT") == 0 then
    ctx.warning("number", "your fighter tech FT is 0: MOVEF moves no fighters")
  end
end

-- Per fighter moved, at most fighter tech.
function A.estimate(order, ctx)
  local n = C.count(order.number, C.known_count(ctx, order.from, "fighters"))
  return C.cost("movef_per_fighter") * math.min(n, C.tech(ctx, "FT"))
end

return A
