-- LINK (rule 6.7): Build a hyperspace link from a star you own to a star you own or hold your active probe in.

local A = {
  name = "LINK",
  rule = "6.7",
  cost = "10 x distance squared",
  summary = "Build a hyperspace link from a star you own to a star you own or hold your active probe in.",
  formats = {
    { from = "system", to = "system", number = "none", help = "from, to" },
  },
}

-- Turnsheet check and cost estimate (docs/turnsheet.md); helpers in lib/order_checks.lua.
local C = import("lib/order_checks")

-- Between two stars: from one of yours to one you own or hold your active probe in, at a
-- squared distance the pack allows and within hyper tech, no star between, room for a link
-- at both ends (rule 6.7).
function A.check(order, ctx)
  local from, to = order.from, order.to
  local what = "links join stars, not planets or asteroid belts"
  local stars = C.need_star(order, ctx, "from", what)
  stars = C.need_star(order, ctx, "to", what) and stars
  C.need_owned(order, ctx, "from")
  if not stars then return end
  if from == to then
    ctx.error("to", "the same system as " .. C.code(from))
    return
  end
  if galaxy.linked(from, to) then
    ctx.error("to", "already linked to " .. C.code(from))
    return
  end
  if not C.owns(ctx, to) and not C.active_probe_at(ctx, to) then
    local slot = C.capture_slot(ctx, to)
    if slot then
      ctx.warning("to", string.format("you do not own this system now; this works only if your "
        .. "order in slot %d takes it first", slot))
    else
      ctx.error("to", "you neither own this system nor have your active probe in it")
    end
  end
  local d = galaxy.distsq(from, to)
  local allowed = C.cost("link_distsq")
  local fits = false
  for _, a in ipairs(allowed) do fits = fits or a == d end
  if not fits then
    ctx.error("to", string.format("the squared distance is %d; a link's squared length must "
      .. "be one of %s", d, table.concat(allowed, ", ")))
  elseif d > C.tech(ctx, "HT") then
    ctx.warning("to", string.format("the squared distance is %d, but your hyper tech HT is %d",
      d, C.tech(ctx, "HT")))
  end
  if not galaxy.segment_clear(from, to) then
    ctx.error("to", "another star lies between " .. C.code(from) .. " and " .. C.code(to))
  end
  local max = rules.const.map.max_links
  for _, box in ipairs({ "from", "to" }) do
    if galaxy.degree(order[box]) >= max then
      ctx.error(box, string.format("this star already has %d links, the most a star may have",
        max))
    end
  end
  C.note_link(ctx, from, to)
end

-- Ten BPs per unit of squared distance.
function A.estimate(order)
  return C.cost("link_per_distsq") * galaxy.distsq(order.from, order.to)
end

return A
