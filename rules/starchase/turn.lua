-- The turn sequence of the standard game (rule 2; RULINGS.md "Turn sequence"): the engine
-- reads the orders and calls T.run once per turn; this file runs everything in its order and
-- records each order's outcome for the reports. T.setup runs the set-up of a new game.
--
-- The engine gives T.run:
--   input.sheets[empire] = the sheet as turnsheet.lua read it (sheet/read.lua): {orders =
--     {{slot, line, action, module, text, empire, from, to, number}, ...}, probes = {codes},
--     probe_line, names = {{line, system, name}}, messages = {{line, to, text}}}
--   input.computer[empire] = the computer player who wrote the sheet ("missed", ...)
--   input.end_of_turn = false to stop after the probe rounds (rule tests of single actions)
-- and reads back from `turn`: results (one per order run, below), log (phase notes, lib/log.lua),
-- messages ({from, to, text}) and in_play (the empires that took part).

local T = {}
local log = import("lib/log")
local C = rules.const

-- A fresh result for one order: what it did is filled in by the action.
local function result(round, slot, empire, line, action, text)
  return { round = round, slot = slot, empire = empire, line = line, action = action,
    text = text, ok = true, spent = 0, details = {}, notes = {}, events = {} }
end

-- Runs the phases listed under constants.phases[list] (phases/<name>.lua), each for the whole
-- game or for each empire in order of play, on its own random stream.
function T.phases(list, info)
  for _, name in ipairs(C.phases[list] or {}) do
    local module = import("phases/" .. name)
    if module.scope == "game" then
      rng.use("phase:" .. name)
      module.run(nil, info)
    elseif module.scope == "empire" then
      for _, e in ipairs(state.order()) do
        if not state.value("empire", e, "eliminated") then
          rng.use("phase:" .. name, e)
          module.run(e, info)
        end
      end
    else
      error(string.format("phases/%s.lua must set scope = \"empire\" or \"game\"", name), 0)
    end
  end
end

-- Set-up of a new game (turn 0): info = {starts = {...}, fixed_order = bool}; the standard set-up
-- with start positions, or only the schedule for a fixed map with fixed holdings. A scenario's
-- own values are already in place, and the engine puts them back afterwards except
-- constants.setup.starting_points (RULINGS.md "Set-up and the GM").
function T.setup(info)
  T.phases(#info.starts > 0 and "setup" or "setup_fixed", info)
end

-- Consecutive turns without orders (rule 1.5): the computer players use them.
local function count_missed(input, in_play)
  for _, e in ipairs(in_play) do
    local has_orders = input.sheets[e] ~= nil and input.computer[e] == nil
    local missed = has_orders and 0 or state.empire(e).missed_turns + 1
    state.set_empire(e, { missed_turns = missed })
  end
end

-- NAME lines (rule 2.5) and MESSAGE lines (rule 1.7): names for systems the empire owns,
-- PHONE and EMAIL lines kept for the roundup, every message published; empires by code.
local function names_and_messages(input, turn)
  local max = C.game.name_max_length
  for _, e in ipairs(state.empires()) do
    local sheet = not state.value("empire", e, "eliminated") and input.sheets[e]
    for _, n in ipairs(sheet and sheet.names or {}) do
      local code = galaxy.code(n.system)
      local text
      if state.holding(n.system).owner ~= e then
        text = string.format("NAME %s: not named; you do not own it", code)
      elseif #n.name > max then
        text = string.format("NAME %s: not named; names have at most %d characters", code, max)
      else
        state.set_holding(n.system, { name = n.name })
        text = string.format("System %s is now named \"%s\"", code, n.name)
      end
      log.add(turn, "names", e, text)
    end
    for _, m in ipairs(sheet and sheet.messages or {}) do
      if m.to == "PHONE" or m.to == "EMAIL" then
        state.set_entry("empire", e, "contact", m.to, m.text)
      end
      turn.messages[#turn.messages + 1] = { from = e, to = m.to, text = m.text }
    end
  end
end

-- The empires still in the game, in order of play.
local function in_play_now()
  local out = {}
  for _, e in ipairs(state.order()) do
    if not state.value("empire", e, "eliminated") then out[#out + 1] = e end
  end
  return out
end

-- Action rounds 1..N (rule 2.9): in each, every empire in order of play runs its action of that
-- slot; an empire eliminated during the turn runs no more.
local function action_rounds(input, order, turn)
  -- Each empire's orders by slot, in sheet order (found once, not once per slot).
  local by_slot = {}
  for _, e in ipairs(order) do
    local sheet = input.sheets[e]
    if sheet then
      local slots = {}
      for _, o in ipairs(sheet.orders) do
        local list = slots[o.slot]
        if not list then
          list = {}
          slots[o.slot] = list
        end
        list[#list + 1] = o
      end
      by_slot[e] = slots
    end
  end
  for slot = 1, C.game.actions_per_turn do
    for _, e in ipairs(order) do
      local orders = by_slot[e] and by_slot[e][slot]
      if orders and not state.value("empire", e, "eliminated") then
        for _, o in ipairs(orders) do
          local res = result("action", slot, e, o.line, o.action, o.text)
          rng.use("action", e, slot)
          import(o.module).run(o, res, turn)
          turn.results[#turn.results + 1] = res
        end
      end
    end
  end
end

-- Probe rounds (rule 5.2): one probe box per empire per round, in order of play.
local function probe_rounds(input, order, turn)
  local rounds = 0
  for _, e in ipairs(order) do
    local sheet = input.sheets[e]
    if sheet then rounds = math.max(rounds, #sheet.probes) end
  end
  local probes = import("probes")
  for box = 1, rounds do
    for _, e in ipairs(order) do
      local sheet = input.sheets[e]
      if sheet and box <= #sheet.probes and not state.value("empire", e, "eliminated") then
        local target = sheet.probes[box]
        local res = result("probe", box, e, sheet.probe_line, "PROBE",
          "PROBE " .. galaxy.code(target))
        rng.use("probe", e, box)
        probes.run({ empire = e, system = target, box = box }, res, turn)
        turn.results[#turn.results + 1] = res
      end
    end
  end
end

-- Runs one turn (the turn number has already advanced).
function T.run(input, turn)
  local order = state.order()
  local in_play = in_play_now()
  turn.in_play = in_play
  -- Empires whose sheet the computer wrote in a mode that never attacks (rule 1.5: a
  -- missed-orders player "won't attack anyone"; constants.ai.peaceful_modes): lib/movement.lua
  -- refuses their moves into other empires' systems.
  turn.peaceful = {}
  local peaceful_modes = {}
  for _, mode in ipairs(C.ai and C.ai.peaceful_modes or {}) do peaceful_modes[mode] = true end
  for e, mode in pairs(input.computer) do
    if peaceful_modes[mode] then turn.peaceful[e] = true end
  end
  count_missed(input, in_play)
  names_and_messages(input, turn)
  T.phases("begin_turn", turn)
  action_rounds(input, order, turn)
  probe_rounds(input, order, turn)
  if input.end_of_turn then T.phases("end_of_turn", turn) end
end

return T
