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

-- Builds a hyperspace link between two stars: from one the empire owns to one it owns or holds
-- its active probe in; squared length at most HT and one of actions.link_distsq; no star in
-- between; at most map.max_links links per star. Costs 10 x the squared length.
function A.run(order, res)
  local e, from, to = order.empire, order.from, order.to
  if not act.require_owned(res, e, from, "WHERE FROM") then return end
  if not galaxy.exists(to) then return act.fail(res, "system %s does not exist", act.code(to)) end
  if galaxy.is_satellite(from) or galaxy.is_satellite(to) then
    return act.fail(res, "links are built between stars, not planets or belts")
  end
  if act.owner(to) ~= e then
    local probe_there = false
    for _, p in ipairs(state.probes(e)) do
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
  if d > state.tech(e, "HT") then
    return act.fail(res, "the link is %d long (squared) but your hyper tech is %d", d,
      state.tech(e, "HT"))
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

return A
