-- Cases for engine/schedule (tests/test_schedule.cpp): each returns the trace of what acted, as
-- "phase pool unit order outcome" steps joined with "; ".

local S = import("engine/schedule")

local C = {}

-- An order: a name, a priority and the outcomes act() returns on successive calls.
local function order(name, p, ...)
  return { name = name, p = p, outcomes = { ... }, calls = 0 }
end

local function pool(name, units, trace, speed)
  return {
    name = name,
    units = units,
    priority = function(_, o) return o.p end,
    speed = speed and function(u) return u.speed end or nil,
    act = function(u, o, phase)
      o.calls = o.calls + 1
      local outcome = o.outcomes[o.calls] or o.outcomes[#o.outcomes]
      trace[#trace + 1] = string.format("%d %s %s %s %s", phase, name, u.id, o.name, outcome)
      return outcome
    end,
  }
end

-- Two phases of colonies then fleets, with battles after each phase: priorities, a zero-time
-- order that puts its colony back into the pool, an order that takes two phases, an order
-- that waits, and fleets of equal priority taken by speed.
function C.phases()
  local trace = {}
  local colonies = {
    { id = "A", queue = { order("x", 3, "done"), order("y", 5, "done") } },
    { id = "B", queue = { order("z", 1, "free"), order("w", 4, "done") } },
    { id = "C", queue = { order("v", 2, "more", "done") } },
  }
  local fleets = {
    { id = "F1", speed = 2, queue = { order("m", 2, "done") } },
    { id = "F2", speed = 5, queue = { order("n", 2, "done") } },
    { id = "F3", speed = 5, queue = { order("s", 1, "wait", "done") } },
  }
  S.run({
    phases = 2,
    pools = { pool("colony", colonies, trace), pool("fleet", fleets, trace, true) },
    after_phase = function(phase) trace[#trace + 1] = "battles " .. phase end,
  })
  return table.concat(trace, "; ")
end

-- A unit whose zero-time order is followed by one of the best priority acts again at once.
function C.free_first()
  local trace = {}
  local units = {
    { id = "A", queue = { order("a1", 1, "free"), order("a2", 1, "done") } },
    { id = "B", queue = { order("b1", 2, "done") } },
    { id = "G", gone = true, queue = { order("g1", 1, "done") } },
  }
  S.phase(pool("colony", units, trace), 1)
  return table.concat(trace, "; ")
end

-- Three colonies tied on priority, in the random stream `draw`: the order they act in.
function C.tie(draw)
  rng.use("schedule", "", draw)
  local trace = {}
  local units = {
    { id = "A", queue = { order("a", 1, "done") } },
    { id = "B", queue = { order("b", 1, "done") } },
    { id = "C", queue = { order("c", 1, "done") } },
  }
  S.phase(pool("colony", units, trace), 1)
  local ids = {}
  for i, t in ipairs(trace) do ids[i] = t:match("^%d+ %a+ (%a+)") end
  return table.concat(ids)
end

-- An act() that returns something else than an outcome.
function C.bad_outcome()
  local units = { { id = "A", queue = { order("a", 1, "finished") } } }
  local ok, err = pcall(S.phase, pool("colony", units, {}), 1)
  return tostring(ok) .. " " .. tostring(err)
end

-- A zero-time order that never ends (it puts itself back every time).
function C.endless()
  local units = { { id = "A", queue = { order("loop", 1, "free") } } }
  local p = pool("colony", units, {})
  local act = p.act
  p.act = function(u, o, phase)
    table.insert(u.queue, 2, o)
    return act(u, o, phase)
  end
  local ok, err = pcall(S.phase, p, 3)
  return tostring(ok) .. " " .. tostring(err)
end

return C
