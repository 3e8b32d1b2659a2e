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

local act = import("lib/act")
local st = import("lib/st")

-- Builds a hyperspace link between two stars: from one the empire owns to one it owns or holds
-- its active probe in; squared length at most HT and one of actions.link_distsq; no star in
-- between; at most map.max_links links per star. Costs 10 x the squared length.
function A.run(order, res)
  local e, from, to = order.empire, order.from, order.to
  if not act.require_owned(res, e, from, "WHERE FROM") then return end
  if not galaxy.exists(to) then return act.fail(res, "system %s does not exist", act.code(to)) end
  if galaxy.is_inner(from) or galaxy.is_inner(to) then
    return act.fail(res, "links are built between stars, not planets or belts")
  end
  if act.owner(to) ~= e then
    local probe_there = false
    for _, p in ipairs(st.probes(e)) do
      if p.active and p.system == to then probe_there = true end
    end
    if not probe_there then
      return act.fail(res, "you neither own %s nor have your active probe there", act.code(to))
    end
  end
  if galaxy.linked(from, to) then
    return act.fail(res, "%s and %s are already linked", act.code(from), act.code(to))
  end
  local d = galaxy.distsq(from, to)
  local allowed = false
  for _, v in ipairs(rules.const.actions.link_distsq) do
    if v == d then allowed = true end
  end
  if not allowed then
    local lengths = rules.const.actions.link_distsq
    local words = table.concat(lengths, ", ", 1, #lengths - 1)
    if #lengths > 1 then words = words .. " or " end
    words = words .. lengths[#lengths]
    return act.fail(res, "a link may only be %s long (squared); %s to %s is %d", words,
      act.code(from), act.code(to), d)
  end
  if d > st.tech(e, "HT") then
    return act.fail(res, "the link is %d long (squared) but your hyper tech is %d", d,
      st.tech(e, "HT"))
  end
  if not galaxy.segment_clear(from, to) then
    return act.fail(res, "another star lies between %s and %s", act.code(from), act.code(to))
  end
  local most = rules.const.map.max_links
  for _, s in ipairs({ from, to }) do
    if galaxy.degree(s) >= most then
      return act.fail(res, "%s already has %d links", act.code(s), most)
    end
  end
  if not act.pay(res, e, d * rules.const.actions.link_per_distsq, "LINK") then return end
  galaxy.link(from, to)
  res.details.distsq = d
  act.note(res, "a link now joins %s and %s", act.code(from), act.code(to))
end

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
  if C.linked(ctx, from, to) then
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
  if C.segment_clear(ctx, from, to) == false then
    ctx.error("to", "another star lies between " .. C.code(from) .. " and " .. C.code(to))
  end
  local max = rules.const.map.max_links
  for _, box in ipairs({ "from", "to" }) do
    if C.degree(ctx, order[box]) >= max then
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
