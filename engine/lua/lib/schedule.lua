-- engine/schedule: phases in which units act one order at a time by priority, for any pack
-- (docs/packs.md "The turn schedule"). A pack imports it with import("engine/schedule") and
-- keeps its own rules in the callbacks: which units act, the priority of an order, what an
-- order does and what happens between phases. Seed 004's section 20 is written with it as
--
--   schedule.run({ phases = 12, pools = { colonies, fleets }, after_phase = battles })
--
-- where each pool picks, among its units that still act this phase, the one whose next order
-- has the best (lowest) priority, ties broken by speed and then at random, and the order's
-- outcome says whether the unit acts again in the same phase.
--
-- A unit is any table with `queue`, the list of its orders in the order they were written (the
-- library removes an order from the front when it is finished); a unit with `gone = true` no
-- longer acts. Randomness comes from the engine's current stream (rng.use chooses it).

local S = {}

-- What act(unit, order, phase) returns:
S.DONE = "done" -- finished, and it took this phase: the unit is done for the phase
S.FREE = "free" -- finished in no time: the unit goes back into the pool with its next order
S.MORE = "more" -- took this phase and goes on in the next one(s): it stays at the front
S.WAIT = "wait" -- could not start this phase: it stays at the front, the unit is done

local OUTCOMES = { done = true, free = true, more = true, wait = true }

-- The most steps one pool may take in one phase: more means a pack's orders never end.
S.MAX_STEPS = 100000

-- The index in `units` of the unit that acts next: of the units in `active` (index -> true)
-- with an order, the one whose next order has the lowest priority(unit, order); ties go to
-- the highest speed(unit) when `speed` is given, then to a draw from the current random
-- stream among the tied units in list order. nil if no active unit has an order.
function S.pick(units, active, priority, speed)
  local best, best_speed, tied = nil, nil, {}
  for i, u in ipairs(units) do
    local order = u.queue[1]
    if active[i] and order ~= nil and not u.gone then
      local p = priority(u, order)
      if type(p) ~= "number" then
        error(string.format("schedule: priority() must return a number, not %s", type(p)), 2)
      end
      local v = speed and speed(u) or 0
      if best == nil or p < best or (p == best and v > best_speed) then
        best, best_speed, tied = p, v, { i }
      elseif p == best and v == best_speed then
        tied[#tied + 1] = i
      end
    end
  end
  if #tied <= 1 then return tied[1] end
  return tied[rng.below(#tied) + 1]
end

-- Plays one pool in one phase: pool = {name, units = list or function(phase) -> list,
-- priority(unit, order), speed(unit) (optional: ties by speed), act(unit, order, phase) ->
-- S.DONE | S.FREE | S.MORE | S.WAIT, on_step(step) (optional)}. Every unit acts until its
-- order takes time or its queue is empty. Returns the number of orders acted on.
function S.phase(pool, phase)
  local units = pool.units
  if type(units) == "function" then units = units(phase) end
  local active = {}
  for i = 1, #units do active[i] = true end
  local steps = 0
  while true do
    local i = S.pick(units, active, pool.priority, pool.speed)
    if not i then return steps end
    steps = steps + 1
    if steps > S.MAX_STEPS then
      error(string.format("schedule: pool %s took more than %d steps in phase %d: do its orders " ..
        "ever end?", tostring(pool.name), S.MAX_STEPS, phase), 2)
    end
    local unit = units[i]
    local order = unit.queue[1]
    local outcome = pool.act(unit, order, phase)
    if not OUTCOMES[outcome] then
      error(string.format("schedule: act() of pool %s returned %s; expected \"done\", \"free\", " ..
        "\"more\" or \"wait\"", tostring(pool.name), tostring(outcome)), 2)
    end
    if outcome == S.DONE or outcome == S.FREE then
      -- The order may have removed itself or changed the queue; remove it only if still first.
      if unit.queue[1] == order then table.remove(unit.queue, 1) end
    end
    if outcome ~= S.FREE then active[i] = false end
    if pool.on_step then
      pool.on_step({ phase = phase, pool = pool.name, unit = unit, order = order,
        outcome = outcome })
    end
  end
end

-- Plays `phases` phases: in each, the pools one after the other (S.phase), then
-- after_phase(phase) (battles, for instance). before_phase(phase) runs first if given.
function S.run(spec)
  local phases = spec.phases
  if type(phases) ~= "number" or phases < 0 or phases % 1 ~= 0 then
    error("schedule.run: phases must be a whole number", 2)
  end
  for phase = 1, phases do
    if spec.before_phase then spec.before_phase(phase) end
    for _, pool in ipairs(spec.pools) do S.phase(pool, phase) end
    if spec.after_phase then spec.after_phase(phase) end
  end
end

return S
