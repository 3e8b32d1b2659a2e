-- Computer players (rules 1.2 and 1.5, RULINGS.md "Missed and late orders").
--
--   missed    an empire that missed a deadline: defends its borders, plants colonies in the
--             systems it owns, grows population and builds industry; it never attacks, never
--             claims new systems and leaves the treasury alone (RULINGS.md).
--   dropout   an empire that missed dropout_after turns in a row: also researches, claims
--             unowned systems along chains of claimed ones, builds cruisers and colony ships,
--             probes, bids for the order of play and attacks wherever a simulated battle wins.
--   computer  a non-player empire of the scenario: plays like a dropout every turn.
--
-- orders(empire, mode) returns {orders = {{action, from, to, number, why}, ...},
-- probes = {codes}}; sheet(empire, mode, info) writes them as an ordinary turnsheet (each `why`
-- becomes a comment) that passes `hyperlane check`, so a GM can read what the computer ordered
-- and why. `hyperlane run` calls sheet() and stores its text with the turn's orders; where
-- nothing is stored (`hyperlane sim`, the benchmarks) the engine calls sheet_read(), which
-- gives the same orders as the grammar would read them from that text, without the text.
--
-- The work is done by steps, one file each under ai/, run in the order [constants.ai.steps]
-- lists for the mode; that order is also the order of the orders on the sheet. A variant
-- tunes the players with [constants.ai], reorders or drops steps, replaces one step file
-- (ai/attack.lua, say), or replaces this file. See docs/computer-players.md.

local AI = {}
local view = import("ai/view")
local plan = import("ai/plan")
local write = import("sheet/write")
local STEPS = rules.const.ai.steps

-- The module of step `name` (ai/<name>.lua), imported once: modules are the pack's code.
local step_modules = {}
local function step(name)
  local m = step_modules[name]
  if m == nil then
    m = import("ai/" .. name)
    step_modules[name] = m
  end
  return m
end

-- The computer's orders for `empire` this turn; mode is "missed", "dropout" or "computer".
function AI.orders(empire, mode)
  local steps = STEPS[mode]
  if not steps then error(string.format("ai.steps has no list for mode '%s'", tostring(mode))) end
  local v = view.new(empire, mode)
  local p = plan.new(v)
  -- Slots for growth and industry, which come late in the sheet (ai/develop.lua).
  local C = rules.const.ai
  p:keep_back(math.max(C.develop_slots_min,
    math.min(C.develop_slots_max, math.floor(p.balance / C.develop_slot_bps))))
  for _, name in ipairs(steps) do
    step(name).run(p, v)
  end
  return p:result()
end

-- The turnsheet text of orders r (AI.orders' result) for `empire`: info = {secret, turn}.
local function text(r, empire, mode, info)
  local parts = { string.format("# Orders written by the computer (%s player) for %s on turn %d.\n" ..
    "# Each order ends with the computer's reason.\n", mode, empire, info.turn),
    write.header(empire, info.secret, info.turn) }
  for i, o in ipairs(r.orders or {}) do parts[#parts + 1] = write.action(i, o) end
  parts[#parts + 1] = write.probes(r.probes or {})
  return table.concat(parts)
end

-- The computer's turnsheet for `empire`: info = {secret, turn} from the engine.
function AI.sheet(empire, mode, info)
  return text(AI.orders(empire, mode), empire, mode, info)
end

-- The same orders as the pack's grammar reads them from sheet()'s text (sheet/as_read.lua),
-- for the engine to hand to the turn where it stores no sheet; the text itself when they might
-- not read back the same way. A variant that replaces the grammar (turnsheet.lua or
-- sheet/read.lua) must replace or remove this function.
function AI.sheet_read(empire, mode, info)
  local r = AI.orders(empire, mode)
  return import("sheet/as_read").build(empire, info.secret, info.turn, r.orders or {}, r.probes or {})
    or text(r, empire, mode, info)
end

return AI
