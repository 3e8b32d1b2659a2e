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

-- Turnsheet check of the probe boxes (docs/turnsheet.md), once per sheet after every order's
-- check: p = {systems = {codes}, line = N}; ctx.slot is past the last action slot, so the
-- helpers count every TECH, TAKE, LINK and capture of the sheet (probe boxes run after the
-- action rounds). More boxes than the probe tech the sheet can reach is an error; boxes that
-- need a TECH of the sheet, and a box naming a system no probe can reach that the empire does
-- not own (it will fail: a new probe starts only in a system the empire owns), are warnings.
-- Each message names the box it is about (1 = the first code), so it is shown at that code.
function P.check(p, ctx)
  local C = import("lib/order_checks")
  local known = import("lib/known")
  local code = rules.const.game.probe_tech
  local now = st.tech(ctx.empire, code)
  local most = C.tech(ctx, code)
  local n = #p.systems
  local function boxes(k) return string.format("%d probe box%s", k, k == 1 and "" or "es") end
  if n > most then
    ctx.error(most + 1, string.format(
      "PROBE: %d system codes, but your probe tech (%s %d) gives %s", n, code, most, boxes(most)))
  elseif n > now then
    ctx.warning(now + 1, string.format("PROBE: %d system codes, but your probe tech (%s %d) "
      .. "gives %s now; the boxes after box %d run only if your order in slot %d raises %s first",
      n, code, now, boxes(now), now, C.raise_slot(ctx, code, n), code))
  end
  -- Where each box would take the probes, box by box, as P.run plays them.
  local jt = C.tech(ctx, "JT")
  local active
  local inactive = {}
  for _, pr in ipairs(st.probes(ctx.empire)) do
    if pr.active then active = pr.system else inactive[pr.system] = true end
  end
  -- Places are judged by what the empire's report shows (ctx.known, lib/known.lua): the boxes
  -- are followed only as far as it tells where the probes go.
  for i = 1, math.min(n, most) do
    local sys = p.systems[i]
    if not known.sees(ctx.known, sys) then break end  -- sheet/check.lua says so at the box
    local linked = false
    if active and active ~= sys then linked = C.may_be_linked(ctx, active, sys) end
    if linked == nil then break end
    if active ~= sys then
      if linked then
        active = sys
      elseif inactive[sys] then
        inactive[sys] = nil
        if active then inactive[active] = true end
        active = sys
      elseif active and not C.satellite(sys) and galaxy.distsq(active, sys) <= jt then
        active = sys
      elseif C.owns(ctx, sys) or C.capture_slot(ctx, sys) then
        if not C.owns(ctx, sys) then
          ctx.warning(i, string.format("PROBE %s: you do not own %s now; a new probe can start "
            .. "there only if your order in slot %d takes it first", C.code(sys), C.code(sys),
            C.capture_slot(ctx, sys)))
        end
        if active then inactive[active] = true end
        active = sys
      else
        local why = active and string.format("not linked to your active probe at %s nor within "
          .. "jump tech (JT %d) of it", C.code(active), jt) or "you have no active probe"
        ctx.warning(i, string.format("PROBE %s: no probe of yours can reach %s (%s, and none of "
          .. "your inactive probes is there), and a new probe starts only in a system you own: "
          .. "this box will fail", C.code(sys), C.code(sys), why))
      end
    end
  end
end

return P
