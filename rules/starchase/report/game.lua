-- The game report, the same for every player (rules 1.7, 1.9): the GM, warnings, the GM's
-- messages, the roundup (empires, players, top three tech levels, contact lines), the next
-- order of play and the players' messages of the turn.

local G = {}
local doc = import("engine/doc")
local words = import("lib/words")
local st = import("lib/st")
local common = import("report/common")

-- An empire's three highest techs, highest first, ties in table order, one a line:
-- "Agri Tech 2\nBirth Labs 1\n...".
local function top_techs(code)
  local list = {}
  for i, t in ipairs(rules.techs) do list[i] = { code = t.code, level = st.tech(code, t.code), i = i } end
  table.sort(list, function(a, b)
    if a.level ~= b.level then return a.level > b.level end
    return a.i < b.i
  end)
  local out = {}
  for i = 1, math.min(3, #list) do
    out[i] = string.format("%s %d", words.tech(list[i].code), list[i].level)
  end
  return table.concat(out, "\n")
end

function G.build(ctx)
  local d = doc.new("game", string.format("%s - game report, turn %d", ctx.game.name,
    state.turn()))
  local gm = common.gm_line(ctx)
  if gm ~= "" then d.subtitle = "GM: " .. gm end
  common.add_news(d, ctx)

  local rows, contacts, any_out = {}, {}, false
  for _, code in ipairs(state.empires()) do
    local e = state.empire(code)
    any_out = any_out or e.eliminated
    rows[#rows + 1] = { code, e.name, e.computer and "(computer)" or (e.player ~= "" and e.player
      or "-"), top_techs(code), e.eliminated and "eliminated" or "in play" }
    for _, k in ipairs(sorted_keys(e.contact)) do
      contacts[#contacts + 1] = { code .. " " .. k, e.contact[k] }
    end
  end
  -- A status column only once an empire is out, so the table fits 78 columns.
  local columns = { { "Empire" }, { "Name" }, { "Player" }, { "Top tech levels" } }
  if any_out then
    columns[#columns + 1] = { "Status" }
  else
    for _, r in ipairs(rows) do r[5] = nil end
  end
  local s = doc.section(d, "Roundup", "roundup")
  doc.table(s, columns, rows)
  if #contacts > 0 then doc.keyvalue(s, contacts) end

  local order = {}
  for i, code in ipairs(state.order()) do order[i] = string.format("%d.%s", i, code) end
  doc.paragraph(doc.section(d, "Order of play next turn", "order"), table.concat(order, " "))

  local messages = {}
  for _, m in ipairs(ctx.record and ctx.record.messages or {}) do
    if m.to ~= "PHONE" and m.to ~= "EMAIL" then
      messages[#messages + 1] = string.format("From %s to %s: %s", m.from, m.to, m.text)
    end
  end
  local ms = doc.section(d, "Messages", "messages")
  if #messages == 0 then doc.paragraph(ms, "No messages this turn.") else doc.list(ms, messages) end
  return d
end

return G
