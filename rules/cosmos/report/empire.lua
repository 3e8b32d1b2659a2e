-- A race's turn report (3): the map and map notes, the status report, the event report phase by
-- phase with the statistics, the notes with the orders as processed and the messages, and a
-- blank turnsheet for the next turn (sheet/blank.lua). Every hex is in the race's own
-- coordinates; what it may see is decided by report/sight.lua.

local admin = import("lib/admin")
local blank = import("sheet/blank")
local data = import("lib/data")
local doc = import("engine/doc")
local happiness = import("lib/happiness")
local map = import("report/map")
local overtime = import("lib/overtime")
local race_types = import("lib/race_types")
local ships_lib = import("lib/ships")
local sight = import("report/sight")
local teams = import("lib/teams")
local techs_lib = import("lib/techs")
local U = import("lib/units")
local words = import("lib/words")

local E = {}

local PHASES = rules.const.game.phases_per_turn

-- "1 ship", "3 ships".
local function count(n, noun)
  return string.format("%d %s%s", n, noun, n == 1 and "" or "s")
end

-- A queued order as the status report lists it: verb, words, "(begun-x)" (3).
local function order_item(o)
  local text = o.verb
  if #o.args > 0 then text = text .. " " .. table.concat(o.args, " ") end
  if (o.begun or 0) > 0 then text = text .. string.format(" (begun-%d)", o.begun) end
  local sub = {}
  for i, e in ipairs(o.embedded or {}) do sub[i] = order_item(e) end
  return { text = text, items = sub }
end

local function orders_of(unit)
  local out = {}
  for i, o in ipairs(unit.orders or {}) do out[i] = order_item(o) end
  return out
end

-- The statistics of the event report: one column per statistic, each sorted by value on its
-- own, so no row belongs to any race (3).
local function statistics(w)
  if w.report_statistics then return w.report_statistics[1], w.report_statistics[2] end
  local colonies, ships = {}, {}
  for _, id in ipairs(sorted_keys(w.colonies)) do
    local c = w.colonies[id]
    if c.owner then colonies[c.owner] = (colonies[c.owner] or 0) + 1 end
  end
  for _, id in ipairs(sorted_keys(w.ships)) do
    local s = w.ships[id]
    ships[s.owner] = (ships[s.owner] or 0) + 1
  end
  local columns = {
    { "Victory points", function(r) return w.races[r].vps or 0 end },
    { "Production", function(r) return w.races[r].production or 0 end },
    { "Research", function(r) return w.races[r].research_made or 0 end },
    { "Population", function(r) return w.races[r].population or 0 end },
    { "Colonies", function(r) return colonies[r] or 0 end },
    { "Ships", function(r) return ships[r] or 0 end },
  }
  local values, cols = {}, { { "Place", "right" } }
  for i, c in ipairs(columns) do
    values[i] = sight.statistic(w, c[2])
    cols[#cols + 1] = { c[1], "right" }
  end
  local rows = {}
  for n = 1, #values[1] do
    local row = { n }
    for i = 1, #columns do row[#row + 1] = values[i][n] end
    rows[#rows + 1] = row
  end
  w.report_statistics = { cols, rows }
  return cols, rows
end

-- The status report (3): victory points, race type, administration, research, production,
-- population, policies, units, units dissolved and lost.
local function status(d, v)
  local w, r = v.w, v.r
  local s = doc.section(d, "Status report", "status")
  local ip_store, ship_pop = 0, 0
  local population, centres = 0, 0
  for _, id in ipairs(v.colonies) do
    ip_store = ip_store + w.colonies[id].ip
    population = population + w.colonies[id].population
    centres = centres + (w.colonies[id].research or 0)
  end
  for _, id in ipairs(v.fleets) do
    for _, sh in ipairs(U.fleet_ships(w, w.fleets[id])) do ship_pop = ship_pop + sh.population end
  end
  local rp_off = race_types.bonus(r.race_type, "overtime_rp_discount_percent")
  doc.keyvalue(s, {
    { "Victory points", r.vps or 0 },
    { "Race type", (r.race_type or "standard") == "standard" and string.format("standard " ..
      "(choose with type on turn %d, 16)", rules.const.race_types.turn) or r.race_type },
    { "Administration limit", admin.limit(r.techs, r.race_type, #v.colonies) },
    { "Overtime administration", string.format("%d i.p. a point, n x n times that for the n-th",
      overtime.admin_base(r.production, r.population, r.techs, r.race_type)) },
    { "R.p. for next turn", r.research_points or 0 },
    { "Overtime research", string.format("at most %d r.p. (1 per research centre), %d i.p. " ..
      "each%s", centres, rules.const.overtime.rp_cost, rp_off > 0 and
      string.format(", %d%% off (the discount rounded down)", rp_off) or "") },
    { "R.p. used this turn", r.research_used or 0 },
    { "I.p. produced", r.production or 0 },
    { "I.p. in store", ip_store },
    { "Population", population },
    { "Population on ships", ship_pop },
  })
  local pop = v.facts.population[1]
  if pop then
    local change = pop.now - pop.start
    doc.paragraph(s, string.format("Population in colonies went from %d to %d this turn (%s%d).",
      pop.start, pop.now, change >= 0 and "+" or "", change))
  end
  doc.heading(s, "Research")
  local have = {}
  for _, code in ipairs(data.tech_codes()) do
    if r.techs[code] then
      have[#have + 1] = { data.tech(code).name, r.techs[code] }
    end
  end
  doc.table(s, { { "Technology developed" }, { "Turn", "right" } }, have, "None yet.")
  if r.techs[rules.const.research.last_turn_tech] then
    doc.paragraph(s, string.format("%s: the game ends after turn %d (14.2.4).",
      data.tech(rules.const.research.last_turn_tech).name, state.game().last_turn), "warning")
  end
  local open = {}
  for _, code in ipairs(techs_lib.researchable_list(r.techs, w.turn + 1, r.taught, r.race_type)) do
    open[#open + 1] = { data.tech(code).name, r.paid[code] or 0,
      techs_lib.cost(r.techs, code, w.turn + 1, r.taught, r.race_type) }
  end
  doc.table(s, { { "Open to research" }, { "Paid", "right" }, { "Cost", "right" } }, open,
    "Nothing open to research.")
  doc.heading(s, "Policies")
  local pol = {}
  for _, other in ipairs(sorted_keys(r.policy)) do
    pol[#pol + 1] = string.format("Race %s: %s", other, r.policy[other])
  end
  pol[#pol + 1] = "Every other race: neutral; the primitives (99): enemy."
  doc.list(s, pol)
  doc.heading(s, "Colonies")
  local items = {}
  for _, id in ipairs(v.colonies) do
    local c = w.colonies[id]
    local p = w.planets[c.planet]
    local happy, lacks = happiness.check(c, p, r.techs)
    items[#items + 1] = { text = string.format("%s %s (%s %d/%d) at %s: %s, %s; %d i.p. in " ..
      "store%s; %s", U.colony_text(w, c), p.name, p.kind:gsub("_", " "), p.size, p.minerals,
      sight.hex_text(v, p.hex), words.count(c.population, "population"),
      words.installations(c), c.ip, c.reserved > 0 and string.format(" (%d reserved)",
      c.reserved) or "", happy and "happy" or "not happy: it needs " ..
      table.concat(lacks, "; ")), items = orders_of(c) }
  end
  doc.list(s, #items > 0 and items or { "No colonies." })
  doc.heading(s, "Fleets")
  items = {}
  for _, id in ipairs(v.fleets) do
    local f = w.fleets[id]
    local sub = {}
    for _, sh in ipairs(U.fleet_ships(w, f)) do
      sub[#sub + 1] = string.format("%s: %d d.p., tech=%s%s%s", U.ship_name(sh),
        U.type(sh).hull - sh.damage, ships_lib.tech_string(sh),
        (sh.cargo > 0 or sh.population > 0) and string.format(", carrying %d i.p. and %d " ..
        "population", sh.cargo, sh.population) or "", sh.cloaked and ", cloaked" or "")
    end
    for _, o in ipairs(orders_of(f)) do sub[#sub + 1] = o end
    local moving = f.target and (", moving towards " .. sight.hex_text(v, f.target)) or ""
    items[#items + 1] = { text = string.format("Fleet %s at %s%s%s",
      U.ship_text(w.ships[f.flagship]), sight.hex_text(v, f.hex), moving,
      f.out_of_range and " (out of command range)" or ""), items = sub }
  end
  doc.list(s, #items > 0 and items or { "No ships." })
  doc.heading(s, "Units dissolved")
  items = {}
  for _, x in ipairs(v.facts.dissolved) do
    items[#items + 1] = string.format("%s, in phase %d", x.text, x.phase)
  end
  doc.list(s, #items > 0 and items or { "None." })
  doc.heading(s, "Units lost")
  local rows = {}
  for _, x in ipairs(v.facts.lost) do rows[#rows + 1] = { x.phase, x.hex, x.text } end
  doc.table(s, { { "Phase", "right" }, { "Hex" }, { "Unit" } }, rows, "None.")
end

-- The event report (3): orders given and counted, the events phase by phase, the statistics
-- sorted by value and the i.p. value of the ships destroyed.
local function events(d, v)
  local s = doc.section(d, "Event report", "events")
  doc.paragraph(s, string.format("Orders given: %d; counted against the administration limit: %d.",
    v.r.orders_given or 0, v.r.orders_counted or 0))
  local by_phase = {}
  for _, e in ipairs(v.facts.event) do
    local list = by_phase[e.phase] or {}
    by_phase[e.phase] = list
    list[#list + 1] = e.text
  end
  local quiet = {}
  for phase = 0, PHASES + 1 do
    local title = phase == 0 and "Orders received" or
      (phase > PHASES and "Production" or "Phase " .. phase)
    if by_phase[phase] then
      doc.heading(s, title)
      doc.list(s, by_phase[phase])
    elseif phase >= 1 and phase <= PHASES then
      quiet[#quiet + 1] = tostring(phase)
    end
  end
  if #quiet > 0 then
    doc.paragraph(s, "Nothing to report in phase" .. (#quiet == 1 and " " or "s ") ..
      table.concat(quiet, ", ") .. ".", "muted")
  end
  doc.heading(s, "Statistics")
  local cols, rows = statistics(v.w)
  doc.table(s, cols, rows, "No race in play.")
  doc.paragraph(s, string.format("The i.p. value of all ships destroyed this turn: %d.",
    v.destroyed))
end

-- The notes (3): the orders as processed, then the messages.
local function notes(d, ctx, v)
  local s = doc.section(d, "Notes and messages", "notes")
  doc.heading(s, "Orders as processed")
  local lines = {}
  for _, x in ipairs(v.facts.processed) do lines[#lines + 1] = x.text end
  if #lines > 0 then
    doc.pre(s, table.concat(lines, "\n"))
  else
    doc.paragraph(s, ctx.record and "No orders from you this turn." or "No orders yet.", "muted")
  end
  local msgs = sight.messages(ctx, v.race)
  if #msgs > 0 then
    doc.heading(s, "Messages")
    local items = {}
    for _, m in ipairs(msgs) do
      items[#items + 1] = string.format("From race %s to %s: %s", m.from,
        m.to == "ALL" and "all" or ("race " .. m.to), m.text)
    end
    doc.list(s, items)
  end
end

-- Final scores, on the turn the game ends (1.1): every score, highest first, and the race's own.
local function game_over(d, v)
  local g = state.game()
  if (g.ended_turn or 0) == 0 then return end
  local s = doc.section(d, "The end of the game", "end")
  local scores = sight.statistic(v.w, function(r) return v.w.races[r].vps or 0 end)
  local parts = {}
  for i, x in ipairs(scores) do parts[i] = tostring(x) end
  doc.paragraph(s, string.format("The game ended after turn %d. Final scores: %s. Yours: %d.",
    g.ended_turn, table.concat(parts, ", "), v.r.vps or 0), "warning")
end

-- The blank turnsheet for the next turn, while the game goes on (2).
local function turnsheet(d, ctx, race)
  if (state.game().ended_turn or 0) > 0 then return end
  local s = doc.section(d, "Turnsheet for next turn", "turnsheet")
  doc.paragraph(s, "Write your orders under the blocks, your secret after \"secret\" (the GM " ..
    "sent it to you; no report shows it), and send the sheet to the GM before the deadline.")
  doc.pre(s, blank.text({ empire = race, turn = ctx.turn + 1 }))
end

-- The report of race `race` (never with its secret: the player writes it on the sheet).
function E.build(ctx, race)
  local v = sight.view(ctx, race)
  local d = doc.new("empire", string.format("%s - turn %d", ctx.game.name, ctx.turn),
    string.format("Report for %s (%s), abbreviated %s", v.r.name or "", race,
      v.r.abbreviation or ""))
  game_over(d, v)
  if #ctx.gm_messages > 0 then
    local s = doc.section(d, "From the GM", "gm")
    for _, m in ipairs(ctx.gm_messages) do doc.paragraph(s, m) end
  end
  local hexes = map.hexes(v)
  local s = doc.section(d, "Map", "map")
  local team = teams.of(v.w, race)
  if v.home and team then
    local mates = {}
    for _, t in ipairs(teams.list(v.w)) do
      if t.team == team then
        for _, code in ipairs(t.members) do
          local r = v.w.races[code]
          if code ~= race and r.home then
            mates[#mates + 1] = string.format("race %s (%s) at %s", code, r.name or "",
              sight.hex_text(v, r.home))
          end
        end
      end
    end
    doc.paragraph(s, string.format("Hexes are in your team's coordinates (21.1): your home " ..
      "system is %s. Your team %d: %s.", sight.hex_text(v, v.home), team,
      #mates > 0 and table.concat(mates, ", ") or "no other race"), "muted")
  elseif v.home then
    doc.paragraph(s, string.format("Hexes are in your own coordinates: your home system is %s.",
      sight.hex_text(v, v.home)), "muted")
  end
  s.blocks[#s.blocks + 1] = map.block(v, hexes)
  if ctx.turn == 0 then
    local h = sight.hints(v)
    doc.paragraph(s, string.format("Within %d hexes of your home system: %s and %s.",
      rules.const.map.hint_radius, count(h.terran, "terran planet"),
      count(h.subterran, "sub-terran planet")))
  end
  local n = doc.section(d, "Map notes", "map-notes")
  local notes_items = map.notes(v, hexes)
  doc.list(n, #notes_items > 0 and notes_items or { "Nothing noted yet." })
  status(d, v)
  if ctx.turn > 0 then events(d, v) end
  notes(d, ctx, v)
  turnsheet(d, ctx, race)
  return d
end

return E
