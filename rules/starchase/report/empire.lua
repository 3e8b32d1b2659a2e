-- An empire's report (rules 1.8, 2.10, 2.12; RULINGS.md "Visibility and reports"): what its
-- orders did, what others did to it, its economy, tech, systems, probes, what it scouted, every
-- place it has seen with the links it knows, the map, and a blank turnsheet for next turn.
-- Everything about other empires comes through report/sight.lua.

local E = {}
local doc = import("engine/doc")
local words = import("lib/words")
local economy = import("lib/economy")
local st = import("lib/st")
local sight = import("report/sight")
local places = import("report/places")
local map = import("report/map")
local common = import("report/common")
local fleet = import("lib/fleet")

local function dash(v)
  if v == nil or v == "" then return "-" end
  return v
end

-- The code of place c as written (facts: the turn's facts of places), or "-" if there is none.
local function code_or_dash(facts, c)
  return c and places.of(facts, c).code or "-"
end

-- An order's text without the slot number it starts with and the spaces after it (the record
-- keeps the line as written), or as it is if it does not start with the slot.
local function without_slot(text, slot)
  local prefix = slot .. " "
  if text:sub(1, #prefix) ~= prefix then return text end
  local first = #prefix + 1
  while text:byte(first) == 32 do first = first + 1 end
  return text:sub(first)
end

-- One line of the turn's record: "3 MOVE 103 202 0: done (1 BP)". (Built by concatenation: the
-- sandbox's string.format, tostring and gsub cost about a thousand instructions a call, and
-- every report has a line per action.)
local function action_line(a)
  local where, text
  if a.round == "probe" then
    where, text = "P" .. a.slot, a.text
  else
    where, text = (a.slot < 10 and " " or "") .. a.slot, without_slot(a.text, a.slot)
  end
  local line = where .. " " .. text .. ": " .. (a.ok and "done" or "FAILED")
  if a.reason and a.reason ~= "" then line = line .. " - " .. a.reason end
  if a.spent > 0 then line = line .. " (" .. words.count(a.spent, "BP") .. ")" end
  return line
end

local function add_actions(d, mine)
  local s = doc.section(d, "Actions", "actions")
  if #mine.actions == 0 then
    doc.paragraph(s, "No actions this turn.")
  else
    local items = {}
    for _, a in ipairs(mine.actions) do
      items[#items + 1] = { text = action_line(a), style = a.ok and "ok" or "fail",
        items = a.notes }
    end
    doc.list(s, items)
  end
  if #mine.events > 0 then
    local items = {}
    for _, ev in ipairs(mine.events) do items[#items + 1] = ev.text end
    doc.list(doc.section(d, "What others did to you", "events"), items)
  end
  if #mine.notes > 0 then
    local items = {}
    for _, n in ipairs(mine.notes) do items[#items + 1] = n.text end
    doc.list(doc.section(d, "End of turn", "end"), items)
  end
end

-- The systems an empire owns (in st.owned's order), each {sys, h (its holding), and
-- economy.owned_system's figures}: each holding copied and each figure worked out once for the
-- economy's totals and the systems' table. techs: the empire's tech levels.
local function owned_systems(code, techs)
  local out = {}
  for i, sys in ipairs(st.owned(code)) do
    local h = state.holding(sys)
    local o = economy.owned_system(code, sys, techs, h)
    o.sys, o.h = sys, h
    out[i] = o
  end
  return out
end

-- economy.income and economy.supply, summed from owned_systems' figures in the same order.
-- e: the empire's record.
local function add_economy(d, e, owned)
  local techs = e.techs
  local income, supply = techs.BP or 0, 0
  for _, o in ipairs(owned) do
    income = income + o.income
    supply = supply + o.supply
  end
  local s = doc.section(d, "Economy", "economy")
  doc.keyvalue(s, {
    { "Balance for next turn", e.balance },
    { "Income", income },
    { "Supply", supply },
    { "Treasury", e.treasury },
    { "Victory points", e.vps },
    { "Cruisers in reserve", e.reserve },
    { "Cruisers lost in space", e.lost_in_space },
    { "Bombs used", e.bombs_used },
    { "Bombs left", math.max(0, (techs.BT or 0) - e.bombs_used) },
    { "Probe boxes", techs[rules.const.game.probe_tech] or 0 },
  })
  local levels = {}
  for _, t in ipairs(rules.techs) do
    levels[#levels + 1] = { t.name .. " (" .. t.code .. ")", techs[t.code] or 0 }
  end
  doc.keyvalue(doc.section(d, "Tech levels", "techs"), levels)
end

-- Appends each ship class's count in holding h to a row's cells.
local function add_ships(row, h)
  for _, field in ipairs(fleet.classes) do row[#row + 1] = h[field] end
end

-- Appends right-aligned columns headed `titles`, then one for each ship class, to `columns`.
local function add_ship_columns(columns, titles)
  for _, t in ipairs(titles) do columns[#columns + 1] = { t, "right" } end
  for _, field in ipairs(fleet.classes) do
    columns[#columns + 1] = { fleet.label(field), "right" }
  end
end

-- "Crs cruisers, Ftr fighters, Col colony ships": what the ship columns hold.
local function ship_legend()
  local parts = {}
  for _, field in ipairs(fleet.classes) do
    parts[#parts + 1] = fleet.label(field) .. " " .. fleet.one(field) .. "s"
  end
  return table.concat(parts, ", ")
end

-- The notes on an owned system (owned_systems' figures): "blockaded, overpopulated by 2",
-- either alone, or nil.
local function system_note(o)
  local over = o.overpopulation > 0 and "overpopulated by " .. o.overpopulation
  if o.blockaded then return over and "blockaded, " .. over or "blockaded" end
  return over or nil
end

-- The row of owned system o (owned_systems) in the systems' table, with a Name and a Notes
-- cell if the table has those columns.
local function system_row(o, facts, named, notes)
  local h = o.h
  local f = places.of(facts, o.sys)
  local row = { f.code, f.kind_name }
  if named then row[#row + 1] = dash(h.name) end
  row[#row + 1] = h.population
  row[#row + 1] = o.pop_limit
  row[#row + 1] = h.industry
  add_ships(row, h)
  row[#row + 1] = o.income
  row[#row + 1] = o.supply
  row[#row + 1] = h.mode
  row[#row + 1] = code_or_dash(facts, h.retreat)
  row[#row + 1] = code_or_dash(facts, h.ambush)
  if notes then row[#row + 1] = system_note(o) or "-" end
  return row
end

local function add_systems(d, owned, facts)
  -- Name and Notes only when some system has one: the table fits 78 columns without them.
  local named, notes = false, false
  for _, o in ipairs(owned) do
    named = named or (o.h.name or "") ~= ""
    notes = notes or system_note(o) ~= nil
  end
  local columns = { { "Sys" }, { "Kind" } }
  if named then columns[#columns + 1] = { "Name" } end
  add_ship_columns(columns, { "Pop", "Lim", "Ind" })
  local after_ships = { { "Inc", "right" }, { "Sup", "right" }, { "Mode" }, { "Ret" }, { "Amb" } }
  for _, c in ipairs(after_ships) do columns[#columns + 1] = c end
  if notes then columns[#columns + 1] = { "Notes" } end
  local rows = {}
  for i, o in ipairs(owned) do rows[i] = system_row(o, facts, named, notes) end
  local s = doc.section(d, "Your systems", "systems")
  doc.table(s, columns, rows, "You own no system.")
  doc.paragraph(s, "Pop population, Lim its productive limit, Ind industry, " .. ship_legend()
    .. ", Inc income, Sup supply cost, Ret where " .. fleet.one(fleet.warships[1])
    .. "s retreat to, Amb the system an ambush is set against.", "muted")
end

local function add_probes(d, code, facts)
  local items = {}
  for _, p in ipairs(st.probes(code)) do
    items[#items + 1] = places.of(facts, p.system).code .. (p.active and " (active)" or "")
  end
  if #items > 0 then doc.list(doc.section(d, "Probes", "probes"), items) end
end

local function add_scouting(d, view)
  local rows = {}
  for _, c in ipairs(view.scouted) do
    local h, f = state.holding(c), places.of(view.places, c)
    local row = { f.code, f.kind_name, dash(h.owner), dash(h.name), h.population, h.industry }
    add_ships(row, h)
    rows[#rows + 1] = row
  end
  local columns = { { "Sys" }, { "Kind" }, { "Owner" }, { "Name" } }
  add_ship_columns(columns, { "Pop", "Ind" })
  doc.table(doc.section(d, "Scouting", "scouting"), columns, rows, "Nothing scouted this turn.")
end

-- Every seen place with what may be known of it, stars in code order each followed by the
-- places inside it, and the places each is known to link to: what a player needs to plan moves.
local function add_seen(d, view, links)
  local rows, facts = {}, view.places
  local function row(c, f)
    -- The codes joined by concatenation: the sandbox's table.concat costs about two thousand
    -- instructions a call, more than a few short strings, and every seen place has a row.
    local linked = nil
    for _, o in ipairs(links[c]) do
      local code = (facts[o] or places.of(facts, o)).code  -- inline when known: calls cost
      linked = linked and linked .. " " .. code or code
    end
    rows[#rows + 1] = { f.code, f.kind_name, f.where, dash(sight.owner(view, c)), linked or "-" }
  end
  for _, c in ipairs(view.seen) do
    local f = places.of(facts, c)
    if not f.parent_code then
      row(c, f)
      for _, i in ipairs(f.inner) do
        if view.is_seen[i] then row(i, places.of(facts, i)) end
      end
    end
  end
  local s = doc.section(d, "Systems seen", "seen")
  doc.table(s, { { "Sys" }, { "Kind" }, { "Where" }, { "Owner" }, { "Links known" } }, rows,
    "Nothing seen yet.")
  doc.paragraph(s, "Where: x,y on the map, or the star a planet or belt is in. Owner: shown "
    .. "for your systems and those scouted this turn.", "muted")
end

local function turnsheet(code, e)
  local next_turn = state.turn() + 1
  local lines = {
    string.format("# Turnsheet for %s (%s), turn %d.", code, e.name, next_turn),
    "# One action a line: SLOT ACTION FROM TO NUMBER, \"-\" for an empty box.",
    "# Send it to the GM before the deadline. Write your secret after SECRET (the GM",
    "# sent it to you; no report shows it).",
    "EMPIRE " .. code,
    "SECRET",
    "TURN " .. next_turn,
  }
  for i = 1, rules.const.game.actions_per_turn do lines[#lines + 1] = tostring(i) end
  lines[#lines + 1] = "PROBE"
  -- As many NAME lines as a sheet may hold (rules 1.6, 2.5: two in the standard game).
  for _ = 1, rules.const.game.naming_lines or 2 do lines[#lines + 1] = "NAME" end
  lines[#lines + 1] = "MESSAGE ALL"
  return table.concat(lines, "\n") .. "\n"
end

-- The report of empire `code` (never with its secret: the player writes it on the sheet).
function E.build(ctx, code)
  local e = state.empire(code)
  local d = doc.new("empire", string.format("%s - turn %d", ctx.game.name, state.turn()),
    string.format("Report for %s (%s), player %s", e.name, code, dash(e.player)))
  common.add_news(d, ctx)
  add_actions(d, sight.record_for(ctx, code))
  local owned = owned_systems(code, e.techs)
  local view = sight.view(ctx, code)
  add_economy(d, e, owned)
  add_systems(d, owned, view.places)
  add_probes(d, code, view.places)
  local links, pairs_list = sight.links(view)
  add_scouting(d, view)
  add_seen(d, view, links)
  doc.map(doc.section(d, "Map", "map"), map.block(view, pairs_list))
  local gm = common.gm_line(ctx)
  local s = doc.section(d, "Turnsheet for next turn", "turnsheet")
  if gm ~= "" then doc.paragraph(s, "Send it to " .. gm .. ".") end
  doc.pre(s, turnsheet(code, e))
  return d
end

return E
