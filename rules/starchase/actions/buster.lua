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
    elseif not galaxy.linked(from, to) then
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
