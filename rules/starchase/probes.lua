-- Probe boxes (rule 5.2, RULINGS.md "Probes"), one box per empire per probe round. An empire
-- has as many boxes as its probe tech level when the box runs; boxes beyond it fail. For each
-- box: if the system is linked to the active probe, the probe moves there; otherwise, if one
-- of the empire's inactive probes is there, it becomes the active one; otherwise, if the
-- system is within jump range (JT) of the active probe, the probe jumps there; otherwise a
-- new probe is built there (only in a system the empire owns), the old active one becoming
-- inactive, which probe tech must allow (at most PT inactive probes).

local P = {}
local act = import("lib/act")
local st = import("lib/st")

local function mark_probed(turn, empire, sys)
  turn.probed = turn.probed or {}
  turn.probed[empire] = turn.probed[empire] or {}
  turn.probed[empire][#turn.probed[empire] + 1] = sys
end

-- Runs one probe box: p = {empire, system, box}.
function P.run(p, res, turn)
  local e, target = p.empire, p.system
  local pt = st.tech(e, rules.const.game.probe_tech)
  if p.box > pt then
    return act.fail(res, "probe tech %d gives %d probe box%s: box %d is not used", pt, pt,
      pt == 1 and "" or "es", p.box)
  end
  if not galaxy.exists(target) then
    return act.fail(res, "system %s does not exist", act.code(target))
  end
  local probes = st.probes(e)
  local active, inactive_here
  for i, pr in ipairs(probes) do
    if pr.active then active = i end
    if not pr.active and pr.system == target and not inactive_here then inactive_here = i end
  end
  local from = active and probes[active].system
  if active and from == target then
    mark_probed(turn, e, target)
    act.note(res, "probe stays at %s", act.code(target))
    return
  end
  if active and galaxy.linked(from, target) then
    probes[active].system = target
    st.set_probes(e, probes)
    mark_probed(turn, e, target)
    res.details.moved = { from = from, to = target }
    act.note(res, "probe moved from %s to %s", act.code(from), act.code(target))
    return
  end
  if inactive_here then
    if active then probes[active].active = false end
    probes[inactive_here].active = true
    st.set_probes(e, probes)
    mark_probed(turn, e, target)
    res.details.activated = target
    act.note(res, "the probe at %s is now the active one", act.code(target))
    return
  end
  if active and not galaxy.is_inner(target) and galaxy.distsq(from, target) <= st.tech(e, "JT") then
    probes[active].system = target
    st.set_probes(e, probes)
    mark_probed(turn, e, target)
    res.details.jumped = { from = from, to = target }
    act.note(res, "probe jumped from %s to %s", act.code(from), act.code(target))
    return
  end
  if act.owner(target) ~= e then
    return act.fail(res, "no probe can reach %s, and new probes are only built in systems you own",
      act.code(target))
  end
  local inactive = 0
  for _, pr in ipairs(probes) do
    if not pr.active then inactive = inactive + 1 end
  end
  if active and inactive + 1 > pt then
    return act.fail(res, "probe tech %d allows %d inactive probes: no room for another", pt, pt)
  end
  if active then probes[active].active = false end
  probes[#probes + 1] = { system = target, active = true }
  st.set_probes(e, probes)
  mark_probed(turn, e, target)
  res.details.built = target
  act.note(res, "a new probe was launched at %s", act.code(target))
end

return P
