-- The GM's views of a turn just run (`hyperlane run`): a summary of who acted and how, battles
-- and captures, census, victory and eliminations, and a one-line standings (`run --line`).

local GM = {}
local words = import("lib/words")
local st = import("lib/st")
local fleet = import("lib/fleet")

local function set_of(list)
  local s = {}
  for _, v in ipairs(list or {}) do s[v] = true end
  return s
end

local function target(a)
  local to = a.details and a.details.to
  if type(to) == "number" then return galaxy.code(to) end
  return "?"
end

-- Who acted and how: players, late sheets, the computer, nobody.
local function orders_line(rec)
  local out_this_turn = {}
  for _, n in ipairs(rec.notes) do
    if n.phase == "elimination" then out_this_turn[n.empire] = true end
  end
  local late, none = set_of(rec.late_orders), set_of(rec.no_orders)
  local players, late_list, computer, none_list = {}, {}, {}, {}
  for _, e in ipairs(rec.order_of_play) do
    -- Empires eliminated before this turn stay in the order of play but take no part.
    if not (state.empire(e).eliminated and not out_this_turn[e]) then
      local mode = rec.computer_orders[e]
      if mode then
        computer[#computer + 1] = string.format("%s (%s)", e, mode)
      elseif late[e] then
        late_list[#late_list + 1] = e
      elseif none[e] then
        none_list[#none_list + 1] = e
      else
        players[#players + 1] = e
      end
    end
  end
  local who = {}
  if #players > 0 then who[#who + 1] = table.concat(players, " ") .. " from players" end
  if #late_list > 0 then who[#who + 1] = "late orders used for " .. table.concat(late_list, " ") end
  if #computer > 0 then who[#who + 1] = "computer orders for " .. table.concat(computer, " ") end
  if #none_list > 0 then who[#who + 1] = "no orders from " .. table.concat(none_list, " ") end
  return "  Orders: " .. (#who == 0 and "none" or table.concat(who, "; "))
end

-- The summary lines of the turn in ctx.record.
function GM.turn_summary(ctx)
  local rec = ctx.record
  local lines = { string.format("Turn %d run (order of play: %s).", rec.turn,
    table.concat(rec.order_of_play, " ")), orders_line(rec) }
  local done, failed, battles, captures = 0, 0, {}, {}
  for _, a in ipairs(rec.actions) do
    if a.ok then done = done + 1 else failed = failed + 1 end
    local d = a.details or {}
    local captured = d.captured == true
    if d.battle then
      local b = d.battle
      local defender = b.defender or "?"
      local strengths = ""
      if type(b.rounds) == "table" and b.rounds[1] then
        local r = b.rounds[1]
        strengths = string.format(", strength %s against %s", tostring(r.attack or 0),
          tostring(r.defence or 0))
      end
      battles[#battles + 1] = string.format("%s %s on %s (%s): %s%s", a.empire, a.action,
        target(a), defender, captured and "won" or "failed", strengths)
      if captured then
        captures[#captures + 1] = string.format("%s took %s from %s", a.empire, target(a), defender)
      end
    elseif captured then
      captures[#captures + 1] = string.format("%s took %s", a.empire, target(a))
    end
  end
  lines[#lines + 1] = string.format("  Actions: %d done, %d failed", done, failed)
  lines[#lines + 1] = "  Battles: " .. (#battles == 0 and "none" or table.concat(battles, "; "))
  lines[#lines + 1] = "  Systems taken: " .. (#captures == 0 and "none"
    or table.concat(captures, "; "))
  for _, n in ipairs(rec.notes) do
    if n.phase == "census" and n.empire == "" then lines[#lines + 1] = "  Census: " .. n.text end
    if n.phase == "victory" then lines[#lines + 1] = "  Victory: " .. n.text end
    if n.phase == "elimination" then lines[#lines + 1] = "  Eliminated: " .. n.text end
  end
  lines[#lines + 1] = "  Next order of play: " .. table.concat(state.order(), " ")
  local vps = {}
  for _, e in ipairs(state.empires()) do
    local emp = state.empire(e)
    vps[#vps + 1] = string.format("%s %d%s", e, emp.vps, emp.eliminated and " (eliminated)" or "")
  end
  lines[#lines + 1] = "  VPs: " .. table.concat(vps, " ")
  return lines
end

-- One line on how the game stands: the leader by VPs with its systems and fleet, the next two,
-- and the fleets of all empires together.
function GM.standings()
  local rows, all = {}, {}
  for i, e in ipairs(state.empires()) do
    local emp = state.empire(e)
    local r = { code = e, vps = emp.vps, systems = 0, ships = {}, i = i }
    for _, sys in ipairs(st.owned(e)) do
      local h = state.holding(sys)
      r.systems = r.systems + 1
      for _, field in ipairs(fleet.classes) do
        r.ships[field] = (r.ships[field] or 0) + h[field]
        all[field] = (all[field] or 0) + h[field]
      end
    end
    if not emp.eliminated then rows[#rows + 1] = r end
  end
  table.sort(rows, function(a, b)
    if a.vps ~= b.vps then return a.vps > b.vps end
    return a.i < b.i
  end)
  -- "3 cruisers, 2 fighters": the defending classes of a group in words.
  local function defenders(group)
    local parts = {}
    for _, field in ipairs(fleet.defenders) do
      parts[#parts + 1] = words.count(group[field] or 0, fleet.one(field))
    end
    return table.concat(parts, ", ")
  end
  local out = string.format("Turn %2d:", state.turn())
  if #rows == 0 then return { out .. " no empire left" } end
  local lead = rows[1]
  local tied = #rows > 1 and rows[2].vps == lead.vps
  out = out .. string.format(" %s %s with %s, %s, %s", lead.code,
    tied and "shares the lead" or "leads", words.count(lead.vps, "VP"),
    words.count(lead.systems, "system"), defenders(lead.ships))
  for i = 2, math.min(3, #rows) do
    local r = rows[i]
    out = out .. string.format("%s %s %s %d sys", i == 2 and "; then" or ",", r.code,
      words.count(r.vps, "VP"), r.systems)
    for _, field in ipairs(fleet.warships) do
      out = out .. string.format(" %d %s", r.ships[field], fleet.label(field):lower())
    end
  end
  out = out .. "; all fleets " .. defenders(all)
  local g = state.game()
  if g.ended_turn > 0 then
    out = out .. string.format("; %s won (%s)", g.winner or "?", g.condition)
  elseif g.warning_turn > 0 then
    out = out .. "; victory warning in force"
  end
  return { out }
end

return GM
