-- The game report, the same for every player and the GM (docs/report.md): the GM, the GM's
-- messages, the races in the game and their players, the scores as values only while the game
-- goes on (1.1: no player learns who has which), and the final scores by race once it has
-- ended. What only the GM may see (the hidden last turn, standings by race) is in report.lua's
-- GM hooks.

local doc = import("engine/doc")
local sight = import("report/sight")
local teams = import("lib/teams")

local G = {}

-- The GM as players see it: "Name <address>", or either alone.
local function gm_line(ctx)
  local g = ctx.game
  if g.gm ~= "" and g.gm_address ~= "" then return string.format("%s <%s>", g.gm, g.gm_address) end
  if g.gm ~= "" then return g.gm end
  return g.gm_address
end

-- The final scores by race, highest first (ties by race number): {code, name, vps, winner}.
function G.final_scores(w)
  local g = state.game()
  local winners = {}
  for code in tostring(g.winner or ""):gmatch("[^,%s]+") do winners[code] = true end
  local rows = {}
  for _, code in ipairs(w.order) do
    local r = w.races[code]
    rows[#rows + 1] = { code = code, name = r.name, vps = r.vps or 0,
      winner = winners[code] == true, out = r.eliminated == true }
  end
  table.sort(rows, function(a, b)
    if a.vps ~= b.vps then return a.vps > b.vps end
    return tonumber(a.code) < tonumber(b.code)
  end)
  return rows
end

-- The game report.
function G.build(ctx)
  local w = sight.world(ctx)
  local g = state.game()
  local d = doc.new("game", string.format("%s - turn %d", ctx.game.name, ctx.turn),
    "Game report")
  local s = doc.section(d, nil, "gm-line")
  local gm = gm_line(ctx)
  if gm ~= "" then doc.paragraph(s, "Game master: " .. gm) end
  if #ctx.gm_messages > 0 then
    local m = doc.section(d, "From the GM", "gm")
    for _, text in ipairs(ctx.gm_messages) do doc.paragraph(m, text) end
  end
  local ended = (g.ended_turn or 0) > 0
  if ended then
    local e = doc.section(d, "Final scores", "final")
    doc.paragraph(e, string.format("The game ended after turn %d.", g.ended_turn), "warning")
    local rows = {}
    for i, x in ipairs(G.final_scores(w)) do
      local mark = x.winner and " (winner)" or (x.out and " (out)" or "")
      rows[#rows + 1] = { i, x.code, x.name .. mark, x.vps }
    end
    doc.table(e, { { "Place", "right" }, { "Race", "right" }, { "Name" },
      { "Victory points", "right" } }, rows, "No races.")
  end
  local r = doc.section(d, "Races", "races")
  local rows = {}
  for _, code in ipairs(w.order) do
    local race = w.races[code]
    -- A computer player without a player's name is "Computer", with one "Player 1 (computer)".
    local player = race.player ~= "" and race.player or nil
    if race.computer then
      player = player and player .. " (computer)" or "Computer"
    end
    player = player or "-"
    rows[#rows + 1] = { code, race.name .. (race.eliminated and " (out of the game)" or ""),
      race.abbreviation or "", player }
  end
  doc.table(r, { { "Race", "right" }, { "Name" }, { "Abbreviation" }, { "Player" } }, rows,
    "No races.")
  if not ended then
    local v = doc.section(d, "Victory points", "scores")
    local parts = {}
    for i, x in ipairs(sight.statistic(w, function(c) return w.races[c].vps or 0 end)) do
      parts[i] = tostring(x)
    end
    doc.paragraph(v, "Every race's score, highest first: " .. table.concat(parts, ", ") .. ".")
  end
  local team_list = teams.list(w)
  if #team_list > 0 then
    local t = doc.section(d, "Team scores", "teams")
    local team_rows = {}
    for _, x in ipairs(team_list) do
      team_rows[#team_rows + 1] = { x.team, "races " .. table.concat(x.members, ", "), x.score }
    end
    doc.table(t, { { "Team", "right" }, { "Members" }, { "Team score", "right" } }, team_rows,
      "No teams.")
    doc.paragraph(t, "A team's score: its members' scores highest first, the highest not " ..
      "counted, the second and the lowest halved (21.3).")
  end
  local msgs = {}
  for _, m in ipairs(ctx.record and ctx.record.messages or {}) do
    if m.to == "ALL" then msgs[#msgs + 1] = string.format("From race %s: %s", m.from, m.text) end
  end
  if #msgs > 0 then doc.list(doc.section(d, "Messages to all", "messages"), msgs) end
  return d
end

return G
