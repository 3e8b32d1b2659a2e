-- BUSTER (rule 6.15): Fire a bomb from a star holding your colony ship: at one of its planets (it becomes a belt) or a linked star (the link is destroyed).

local A = {
  name = "BUSTER",
  rule = "6.15",
  cost = "none",
  summary = "Fire a bomb from a star holding your colony ship: at one of its planets (it becomes a belt) or a linked star (the link is destroyed).",
  formats = {
    { from = "system", to = "system", number = "none", help = "star with your colony ship, planet or linked star" },
  },
}

local act = import("lib/act")
local st = import("lib/st")

-- Fires a buster bomb from a star holding one of the empire's colony ships: at one of its
-- planets (it becomes an asteroid belt, population and industry gone) or at a linked star
-- (the link is destroyed). Each level of Bomb Tech is one bomb for the whole game.
function A.run(order, res)
  local e, star, target = order.empire, order.from, order.to
  if not act.require_owned(res, e, star, "WHERE FROM") then return end
  if galaxy.is_inner(star) then
    return act.fail(res, "buster bombs cannot be fired from planets or belts")
  end
  if state.holding(star).colony_ships < 1 then
    return act.fail(res, "buster bombs are fired by colony ships, and you have none at %s",
      act.code(star))
  end
  local emp = state.empire(e)
  if emp.bombs_used >= st.tech(e, "BT") then
    return act.fail(res, "no bombs left: bomb tech %d, %d used", st.tech(e, "BT"),
      emp.bombs_used)
  end
  if not galaxy.exists(target) then
    return act.fail(res, "system %s does not exist", act.code(target))
  end
  if galaxy.is_inner(target) then
    if galaxy.parent(target) ~= star then
      return act.fail(res, "%s is not a planet of %s", act.code(target), act.code(star))
    end
    -- Pack ruling: a bomb has no effect on an asteroid belt (rule 6.15), so the order fails
    -- and the bomb is kept.
    if galaxy.kind(target) ~= "planet" then
      return act.fail(res, "buster bombs have no effect on asteroid belts")
    end
    galaxy.set_kind(target, "belt")
    state.set_holding(target, { population = 0, industry = 0 })
    res.details.planet_busted = target
    act.note(res, "planet %s is now an asteroid belt", act.code(target))
    local owner = act.owner(target)
    if owner and owner ~= e then
      act.event(res, owner, "%s fired a planet buster at %s: it is now an asteroid belt", e,
        act.code(target))
    end
  else
    if not galaxy.linked(star, target) then
      return act.fail(res, "%s is not linked to %s", act.code(target), act.code(star))
    end
    galaxy.unlink(star, target)
    res.details.link_busted = { star, target }
    act.note(res, "the link from %s to %s is destroyed", act.code(star), act.code(target))
  end
  state.set_empire(e, { bombs_used = emp.bombs_used + 1 })
end

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- From a star of yours at one of its planets or at a linked star (rule 6.15).
function A.check(order, ctx)
  local from, to = order.from, order.to
  if C.need_star(order, ctx, "from", "buster bombs cannot be fired from a planet or asteroid "
    .. "belt") then
    C.need_owned(order, ctx, "from")
    if from == to then
      ctx.error("to", "the same system as " .. C.code(from))
    elseif C.satellite(to) then
      if galaxy.parent(to) ~= from then
        ctx.error("to", "not a planet of star " .. C.code(from))
      elseif galaxy.kind(to) ~= "planet" then
        ctx.error("to", "buster bombs have no effect on asteroid belts")
      end
    elseif C.linked(ctx, from, to) == false then
      ctx.error("to", "not linked to " .. C.code(from) .. ": a link buster is fired at a linked "
        .. "star")
    end
  end
  local bt = C.tech(ctx, "BT")
  local used = state.empire(ctx.empire).bombs_used
  if bt - used <= 0 then
    ctx.warning(nil, string.format("you have no buster bombs left (bomb tech BT %d, %d used)",
      bt, used))
  end
end

return A
