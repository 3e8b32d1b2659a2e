-- Checks a read turnsheet (sheet/read.lua) against the game before the turn runs
-- (docs/turnsheet.md "hyperlane check"): an eliminated empire, probe boxes against the probe
-- tech, names and message recipients, once-per-turn and mutually exclusive actions, that every
-- system, empire and tech in a box exists, then in slot order each action's own check(order,
-- ctx) and estimate(order, ctx), warning where BPs or treasury BPs will likely run out.
-- The engine has checked the empire, its secret and the turn; it gives `report` = {empire,
-- turn, error(line, col, message), warning(...), failure(...)} and a scratch copy of the state.
-- Places are judged only by what the empire's own report shows (lib/known.lua): a system it has
-- no report of gets the same words whether or not there is such a system, and the order's own
-- check does not run, so that no message depends on what the empire cannot see.

local actions = import("lib/actions")
local known = import("lib/known")
local st = import("lib/st")

local K = {}

local KEYS = { from = true, to = true, number = true }

-- "MOVE WHERE TO 456": the action, the box's name and what was written in it.
local function where(o, key)
  local def = actions.find(o.action)
  local out = o.action .. " " .. actions.label(def.formats[o.format], key)
  local written = o.written[key]
  if written then out = out .. " " .. written end
  return out
end

-- The empires of the game, as a set.
local function empire_set()
  local set = {}
  for _, e in ipairs(state.empires()) do set[e] = true end
  return set
end

local function header(sheet, report)
  if state.empire(report.empire).eliminated then
    report.error(sheet.empire_at.line, sheet.empire_at.col, string.format(
      "EMPIRE %s: this empire has been eliminated", report.empire))
  end
end

-- The probe boxes: every code must exist; the count against the probe tech here only if the
-- pack has no probes.check (probe_check below), which also sees the sheet's TECH orders.
-- The words for a system code the empire's report does not show.
local function no_report(code)
  return string.format("you have no report of system %s: the order is not checked, and fails if "
    .. "there is no such system", galaxy.code(code))
end

local function probes(sheet, report, packed, view)
  if sheet.probe_line == 0 then return end
  local pt = rules.const.game.probe_tech
  if pt and pt ~= "" and not packed then
    local level = st.tech(report.empire, pt)
    if #sheet.probes > level then
      report.error(sheet.probe_line, sheet.probe_col, string.format(
        "PROBE: %d system codes, but your probe tech (%s %d) gives %d probe box%s",
        #sheet.probes, pt, level, level, level == 1 and "" or "es"))
    end
  end
  for i, code in ipairs(sheet.probes) do
    if not known.sees(view, code) then
      report.warning(sheet.probe_line, sheet.probe_cols[i], string.format(
        "PROBE %s: you have no report of system %s: the box is not checked, and fails if there "
        .. "is no such system", galaxy.code(code), galaxy.code(code)))
    end
  end
end

-- NAME needs a system the empire owns; it owns only systems its report shows.
local function names(sheet, report, view)
  for _, n in ipairs(sheet.names) do
    if not view.owned[n.system] then
      report.error(n.line, n.col, string.format("NAME %s: you do not own this system",
        galaxy.code(n.system)))
    end
  end
end

local function messages(sheet, report, empires)
  for _, m in ipairs(sheet.messages) do
    if m.to ~= "ALL" and m.to ~= "PHONE" and m.to ~= "EMAIL" and not empires[m.to] then
      report.error(m.line, m.col, string.format("MESSAGE %s: no such empire in this game", m.to))
    end
  end
end

local function once_and_exclusive(sheet, report)
  local first = {}  -- action -> its first order
  for _, o in ipairs(sheet.orders) do
    local def = actions.find(o.action)
    local earlier = first[o.action]
    if earlier and def.once_per_turn then
      report.error(o.line, o.col, string.format("%s: only one %s per turn (another is in slot %d)",
        o.action, o.action, earlier.slot))
    end
    first[o.action] = earlier or o
    for _, other in ipairs(def.exclusive_with) do
      local x = first[other]
      if x then
        report.error(o.line, o.col, string.format(
          "%s: %s and %s may not both be used in one turn (%s is in slot %d)", o.action,
          o.action, other, other, x.slot))
      end
    end
  end
end

local function tech_list()
  local codes = {}
  for i, t in ipairs(rules.techs) do codes[i] = t.code end
  return table.concat(codes, " ")
end

-- Reports every code in an order's boxes that does not exist, and every system the empire's
-- report does not show; true if there are none.
local function codes_exist(o, report, empires, view)
  local f = actions.find(o.action).formats[o.format]
  local ok = true
  for _, key in ipairs(actions.BOXES) do
    local v = o[key]
    local kind = f[key].type
    local problem
    if v == nil or o.written[key] == nil then
      problem = nil
    elseif kind == "system" and not known.sees(view, v) then
      report.warning(o.line, o.cols[key], where(o, key) .. ": " .. no_report(v))
      ok = false
    elseif kind == "empire" and not empires[v] then
      problem = "no such empire in this game"
    elseif kind == "tech" and not rules.tech[v] then
      problem = string.format("no such tech (the techs are %s)", tech_list())
    end
    if problem then
      report.error(o.line, o.cols[key], where(o, key) .. ": " .. problem)
      ok = false
    end
  end
  return ok
end

-- The `ctx` the actions' check and estimate receive for one sheet (docs/turnsheet.md).
local function action_ctx(sheet, report, view)
  local findings = {}
  local ctx = { empire = report.empire, turn = report.turn,
    slots = rules.const.game.actions_per_turn, slot = 0, balance = 0, treasury = 0,
    orders = sheet.orders, sheet = {}, known = view }
  local function reporter(severity)
    return function(box, message)
      if ctx.boxes then
        if box ~= nil and not (type(box) == "number" and ctx.boxes[box]) then
          error(string.format("box must be a probe box's number (1 to %d) or nil",
            #ctx.boxes), 2)
        end
      elseif box ~= nil and not KEYS[box] then
        error("box must be \"from\", \"to\", \"number\" or nil", 2)
      end
      if type(message) ~= "string" then error("the message must be a string", 2) end
      findings[#findings + 1] = { severity = severity, box = box, message = message }
    end
  end
  ctx.error, ctx.warning = reporter("error"), reporter("warning")
  -- The findings reported since the last call, emptied.
  local function take()
    local out = findings
    findings = {}
    return out
  end
  return ctx, take
end

-- Turns ctx.error / ctx.warning findings into the engine's; returns the number of errors.
local function pass_on(o, found, report)
  local errors = 0
  for _, f in ipairs(found) do
    local text = (f.box and where(o, f.box) or o.action) .. ": " .. f.message
    local col = f.box and o.cols[f.box] or o.col
    if f.severity == "error" then
      report.error(o.line, col, text)
      errors = errors + 1
    else
      report.warning(o.line, col, text)
    end
  end
  return errors
end

-- An estimate result as whole BPs (nil counts 0); nil if it is not a whole number.
local function bps_value(v)
  if v == nil then return 0 end
  if type(v) ~= "number" or v ~= v or math.abs(v) > 1e15 then return nil end
  return math.floor(v)
end

local function bps(n)
  return string.format("%d BP%s", n, n == 1 and "" or "s")
end

-- Takes an order's estimated cost from what is left; warns when it will likely run out.
local function spend(o, cost, left, treasury, report)
  if cost <= 0 then return left - cost end
  if cost > left then
    report.warning(o.line, o.col, treasury
      and string.format("%s: needs about %s from the treasury, but only about %d will be in " ..
        "it by slot %d: it may fail", o.action, bps(cost), left, o.slot)
      or string.format("%s: needs about %s, but only about %d will be left by slot %d: it may " ..
        "fail or be cut down", o.action, bps(cost), left, o.slot))
    return 0
  end
  return left - cost
end

local function failed(o, fn, err, report)
  report.failure(o.line, o.col, string.format(
    "%s: the rules pack failed in %s() while checking this order: %s", o.action, fn,
    tostring(err)))
end

-- The pack's probes.check(p, ctx) with p = {systems = {...}, line = N}, called after every
-- order's check with ctx.slot past the last slot: probe boxes run after the action rounds, so
-- every TECH or TAKE of the sheet may have raised the probe tech by then.
local function probe_check(sheet, report, P, ctx, take)
  if sheet.probe_line == 0 or #sheet.probes == 0 then return end
  ctx.slot = ctx.slots + 1
  ctx.boxes = sheet.probe_cols
  rng.use("check", report.empire, ctx.slot)
  local ok, err = pcall(P.check, { systems = sheet.probes, line = sheet.probe_line }, ctx)
  ctx.boxes = nil
  local found = take()
  if not ok then
    report.failure(sheet.probe_line, sheet.probe_col, "PROBE: the rules pack failed in " ..
      "probes.check() while checking this line: " .. tostring(err))
    return
  end
  for _, f in ipairs(found) do
    local say = f.severity == "error" and report.error or report.warning
    say(sheet.probe_line, f.box and sheet.probe_cols[f.box] or sheet.probe_col, f.message)
  end
end

local function action_checks(sheet, report, codes_ok, P, view)
  local ctx, take = action_ctx(sheet, report, view)
  local e = state.empire(report.empire)
  local balance, treasury = e.balance, e.treasury
  for i, o in ipairs(sheet.orders) do
    local def = actions.find(o.action)
    if codes_ok[i] then
      rng.use("check", report.empire, o.slot)
      ctx.slot, ctx.balance, ctx.treasury = o.slot, balance, treasury
      local errors = 0
      local ok, err = true, nil
      if def.check then ok, err = pcall(def.check, o, ctx) end
      local found = take()
      if not ok then
        failed(o, "check", err, report)
      else
        errors = pass_on(o, found, report)
      end
      if ok and errors == 0 and def.estimate then
        local done, cost, from_treasury = pcall(def.estimate, o, ctx)
        found = take()
        if not done then
          failed(o, "estimate", cost, report)
        else
          pass_on(o, found, report)
          local c, t = bps_value(cost), bps_value(from_treasury)
          if c == nil or t == nil then
            report.failure(o.line, o.col, string.format("%s: the rules pack's %s.estimate() " ..
              "must return whole numbers of BPs (balance, treasury)", o.action,
              rules.pack.files[def.module] or def.module))
          else
            balance = spend(o, c, balance, false, report)
            treasury = spend(o, t, treasury, true, report)
          end
        end
      end
    end
  end
  if P then
    ctx.balance, ctx.treasury = balance, treasury
    probe_check(sheet, report, P, ctx, take)
  end
end

-- Checks a read sheet of report.empire for turn report.turn.
function K.check(sheet, report)
  local empires = empire_set()
  local view = known.of(report.empire)
  -- The pack's own check of the probe boxes, if it has one (probes.lua).
  local P = rules.pack.files["probes"] and import("probes") or nil
  if P and type(P.check) ~= "function" then P = nil end
  header(sheet, report)
  probes(sheet, report, P ~= nil, view)
  names(sheet, report, view)
  messages(sheet, report, empires)
  once_and_exclusive(sheet, report)
  local codes_ok = {}
  for i, o in ipairs(sheet.orders) do codes_ok[i] = codes_exist(o, report, empires, view) end
  action_checks(sheet, report, codes_ok, P, view)
end

return K
