-- The turn of COSMOS Stellar Conflict (section 20) and the set-up of a new game (8.5, 9.8, 17).
--
-- The engine calls T.run(input, turn) once a turn. input.sheets[race] holds each race's orders
-- as the turnsheet grammar reads them: {general = {order...}, units = {{kind = "colony",
-- number = 138, orders} or {kind = "fleet", flagship = 100, orders}}}, an order being {verb,
-- line, args = typed values, embedded = {order...}} (orders.lua declares the verbs and types).
-- input.computer[race] names the computer player of a race without its own orders: "computer"
-- plays with ai.lua, "missed" and "dropout" get the default orders of 2.3. The turn:
--   1. orders received: overtime worked (15), then the orders counted against the
--      administration limit (2.1) and appended to their units' queues; break and clear act at
--      once (18.1); fleets out of command range ignore theirs (2.2);
--   2. general orders: policy, research (14), name;
--   3. twelve phases, each: colonies act one order at a time by order priority (20.1), reserves
--      made without phases come back, fleets act the same way (ties by speed), battles,
--      surprised races turn enemy, repairs in space; then terraforming begun ends (14.2.3);
--   4. production: growth, i.p., r.p., happiness (lib/end_turn.lua); primitives develop;
--   5. command range; 6. victory points; the game ends after the hidden last turn (1.1).
-- What each race saw that the state does not keep goes to the turn's record
-- (lib/report_facts.lua); report.lua builds the reports from the state and the record.

local AC = import("lib/act_colony")
local AF = import("lib/act_fleet")
local AU = import("lib/act_unit")
local O = import("orders")
local Q = import("lib/queue")
local aliases = import("lib/aliases")
local cloak = import("lib/cloak")
local admin = import("lib/admin")
local battle = import("lib/battle")
local data = import("lib/data")
local diplomats = import("lib/diplomats")
local end_turn = import("lib/end_turn")
local overtime = import("lib/overtime")
local race_types = import("lib/race_types")
local priority = import("lib/priority")
local range = import("lib/range")
local report_facts = import("lib/report_facts")
local research = import("lib/research")
local ships_lib = import("lib/ships")
local sightings = import("lib/sightings")
local spies = import("lib/spies")
local teams = import("lib/teams")
local U = import("lib/units")
local World = import("lib/world")
local words = import("lib/words")

local T = {}

local C = rules.const

-- ---------------------------------------------------------------------------------------------
-- Set-up (turn 0)

-- A race's abbreviation for event reports (4): the capitals of its name, at most three.
local function abbreviation(name, code)
  local caps = {}
  for ch in tostring(name or ""):gmatch("%u") do
    if #caps < 3 then caps[#caps + 1] = ch end
  end
  if #caps == 0 then return "R" .. code end
  return table.concat(caps)
end

-- The set-up of a scenario that gives every record itself (a rule test's fixtures): only what
-- the records cannot say is made: the hidden length of the game (1.1), the pool's first ship
-- number, each race's abbreviation and the victory points of what it holds. Values the
-- scenario gives win over these (docs/scenarios.md).
local function setup_fixed()
  local w = World.load()
  local highest = 0
  for _, code in ipairs(state.order()) do
    highest = math.max(highest, tonumber(code))
    local r = w.races[code]
    if (r.abbreviation or "") == "" then
      state.set("empire", code, { abbreviation = abbreviation(r.name, code) })
    end
  end
  w.game.next_pool_ship = (highest + 1) * 100
  w.game.last_turn = rng.range(C.game.length_min, C.game.length_max)
  w.game.ended_turn = 0
  end_turn.score(w)
  World.save(w)
end

-- The set-up (3.1): each race gets a start of the map, its home colony (8.5, 17), its three
-- ships in fleets of their own (9.8), 10 r.p. and the map around its home; the length of the
-- game is drawn and kept hidden (1.1).
function T.setup(info)
  if #info.starts == 0 then return setup_fixed() end
  local w = World.load()
  local races = state.order()
  local starts = {}
  for i, s in ipairs(info.starts) do starts[i] = s end
  if not info.fixed_order then rng.shuffle(starts) end
  starts = teams.seat(w, races, starts)
  local S = C.start
  local highest = 0
  for _, code in ipairs(races) do highest = math.max(highest, tonumber(code)) end
  w.game.next_pool_ship = (highest + 1) * 100
  w.game.last_turn = rng.range(C.game.length_min, C.game.length_max)
  w.game.ended_turn = 0
  for i, code in ipairs(races) do
    local start = starts[i]
    local r = w.races[code]
    r.home, r.home_planet = start.hex, start.planet
    r.research_points = S.rp
    r.next_ship = 0
    local p = w.planets[start.planet]
    p.home_of = code
    w.dirty_planets[start.planet] = true
    state.set("empire", code, { abbreviation = abbreviation(r.name, code) })
    local cid = World.temp(w)
    w.colonies[cid] = { id = cid, planet = start.planet, owner = code,
      population = S.population, industries = S.industries, starport = S.starport,
      bases = S.bases, research = S.research, shields = S.shields, ip = S.ip, reserved = 0,
      reserved_until = 0, built_size = 0, founded = 0, growth_capped = false, happy = false,
      orders = {} }
    for _, type_code in ipairs(S.ships) do
      local s, f = U.new_ship(w, code, type_code, start.hex)
      s.built = 0
      U.map_fleet(w, f)
    end
    r.next_ship = C.building.first_own_number
    U.map(w, code, start.hex, range.colony_radius(r.techs))
    AF.survey(w, code, start.hex)
  end
  teams.share(w)
  end_turn.score(w)
  World.save(w)
end

-- ---------------------------------------------------------------------------------------------
-- 1. Orders received

-- Queue entries of parsed orders for a unit of kind `who` ("colony", "fleet", or "unit" when
-- not known): arguments as words, embedded orders nested (for the kind of unit the order
-- makes or names). An order the unit may not give is left out with a report line.
local function queue_entries(w, race, label, list, who)
  local out = {}
  for _, o in ipairs(list or {}) do
    if o.ignored then
      U.event(w, race, string.format("%s: %s ignored (administration limit)", label, o.verb))
    elseif not O.allowed(o.verb, who) then
      U.event(w, race, string.format("%s: %s is not a %s order in this game", label,
        tostring(o.verb), who))
    else
      local inner = O.embeds(o.verb, who, o.args)
      out[#out + 1] = { verb = o.verb, args = O.words(o.verb, o.args), given = w.turn,
        line = o.line or 0, begun = 0, done = 0,
        embedded = inner and queue_entries(w, race, label, o.embedded, inner) or {} }
    end
  end
  return out
end

-- The ship or colony a block header names for race `race` (2, 18.2: an alias defined before
-- this turn): {kind = "fleet", flagship} or {kind = "colony", number}, or nil and why.
local function header_unit(w, race, u)
  if u.kind ~= "alias" then return u end
  local id, why = aliases.resolve(w, race, u.alias)
  if not id then return nil, why end
  if O.colony(id) then return { kind = "colony", number = O.colony(id) } end
  return { kind = "fleet", flagship = O.ship(id) }
end

-- The label of a block in the race's report lines: its ID, or the alias and the ID.
local function block_label(u, unit)
  local id = unit and (unit.kind == "colony" and string.format("C%03d", unit.number or 0) or
    string.format("S%04d", unit.flagship or 0))
  if u.kind == "alias" then return id and (u.alias .. " (" .. id .. ")") or u.alias end
  return id
end

-- overtime colony amount what (15): the race's overtime orders, in the order written, before
-- its orders are counted: r.p. for this turn's research, administration points for its limit.
-- Returns the administration points made.
local function work_overtime(w, race, general)
  local r = w.races[race]
  local orders = {}
  for _, o in ipairs(general) do
    if o.verb == "overtime" then
      local args = O.words(o.verb, o.args)
      local id = aliases.is_alias(args[1]) and aliases.resolve(w, race, args[1]) or args[1]
      orders[#orders + 1] = { colony = O.colony(id), amount = O.number(args[2]) or 0,
        what = tostring(args[3] or ""):lower(), text = "overtime " .. table.concat(args, " ") }
    end
  end
  if #orders == 0 then return 0 end
  local function colony_of(number)
    local _, c = U.colony_by_number(w, number or -1)
    return c
  end
  local base = overtime.admin_base(r.production, r.population, r.techs, r.race_type)
  local out = overtime.run(orders, race, colony_of, base, r.race_type)
  for _, line in ipairs(out.lines) do U.event(w, race, line) end
  r.research_points = (r.research_points or 0) + out.rp
  return out.admin
end

-- The starting conditions of a race's type (17), when it is chosen on turn 1: the technologies
-- it starts with (a traveller's Relativity Drive, developed before the game), the set-up ships
-- (built on turn 0) replaced as the type says and refitted with them (a warlord's frigate, a
-- diplomat's ambassador ships), the home colony's bigger starport (a traveller's 20).
local function start_type(w, race)
  local r = w.races[race]
  for _, p in ipairs(race_types.parts(r.race_type)) do
    for _, code in ipairs(C.race_types[p.type].start_techs or {}) do
      if r.techs[code] == nil then r.techs[code] = 0 end
    end
    local more = C.race_types[p.type].home_starport or 0
    for _, c in pairs(w.colonies) do
      if more > 0 and c.owner == race and c.planet == r.home_planet and (c.founded or 0) == 0 then
        c.starport = c.starport + more
      end
    end
  end
  local fixed = race_types.best(r.race_type, "fixed_policy", nil)
  if fixed then
    for _, other in ipairs(w.order) do
      if other ~= race then r.policy[other] = fixed ~= C.policy.default and fixed or nil end
    end
  end
  diplomats.start(w, race)
  local swap = race_types.start_ships(r.race_type)
  for _, sid in ipairs(sorted_keys(w.ships)) do
    local s = w.ships[sid]
    if s.owner == race and (s.built or 0) == 0 then
      s.type = swap[s.type] or s.type
      local kit = ships_lib.equipment(s.type, r.techs)
      s.drive, s.graviton, s.jump, s.gun = kit.drive, kit.graviton, kit.jump, kit.gun
      s.shield, s.scanner, s.cloak = kit.shield, kit.scanner, kit.cloak
      s.population = data.ship_type(s.type).colonists or 0
    end
  end
end

-- type first-type second-type (16): on turn race_types.turn the race takes the type its first
-- valid type order names, or the fallback type without one; later type orders are refused with
-- a line. A race whose type is chosen (or "none", a scenario's) keeps it.
local function choose_type(w, race, general)
  local r, turn = w.races[race], w.turn
  for _, o in ipairs(general) do
    if o.verb == "type" then
      local args = O.words(o.verb, o.args)
      local text = "type " .. table.concat(args, " ")
      local chosen, why = race_types.read(args[1], args[2])
      if not why and teams.active(w) then why = teams.type_refusal(chosen) end
      if not why and turn ~= C.race_types.turn then
        why = string.format("a race type is chosen on turn %d only", C.race_types.turn)
      elseif not why and (r.race_type or "standard") ~= "standard" then
        why = "the race is " .. r.race_type .. " already"
      end
      if why then
        U.event(w, race, string.format("%s refused: %s", text, why))
      else
        r.race_type = chosen
        U.event(w, race, string.format("Race type: %s (16)", chosen))
        start_type(w, race)
      end
    end
  end
  if turn == C.race_types.turn and (r.race_type or "standard") == "standard" then
    r.race_type = C.race_types.fallback
    U.event(w, race, string.format("Race type: %s, as no type was chosen on turn %d (16)",
      r.race_type, turn))
    start_type(w, race)
  end
end

-- Receives a race's sheet (20 step 1); returns its general orders.
local function receive(w, race, sheet, turn)
  local r = w.races[race]
  choose_type(w, race, sheet.general or {})
  -- Block headers resolved: aliases as they stood at the end of last turn (18.2).
  local blocks = {}
  for i, u in ipairs(sheet.units or {}) do
    local unit, why = header_unit(w, race, u)
    blocks[i] = { sheet = u, unit = unit, why = why, label = block_label(u, unit) }
  end
  local units = {}
  for _, b in ipairs(blocks) do
    local entry = { kind = b.unit and b.unit.kind or "colony", orders = b.sheet.orders or {} }
    if b.unit and b.unit.kind == "fleet" then
      local sid, s = U.ship_by_number(w, b.unit.flagship or -1)
      if s and s.owner == race then
        -- A ship that is not its fleet's flagship leaves the fleet to take its orders (9.2):
        -- a scout broken out of a fleet still gets its free order (2.1).
        local f = w.fleets[s.fleet]
        entry.scouts_only = admin.scouts_only(f.flagship == sid and U.fleet_types(w, f) or
          { s.type })
      end
    end
    units[#units + 1] = entry
  end
  local owned = 0
  for _, c in pairs(w.colonies) do
    if c.owner == race then owned = owned + 1 end
  end
  local limit = admin.limit(r.techs, r.race_type, owned) +
    work_overtime(w, race, sheet.general or {})
  local count = admin.count({ general = sheet.general or {}, units = units }, limit)
  -- The orders as processed (3, notes): each as the queue keeps it, marked when not counted
  -- against the limit, or ignored: those of a fleet out of command range (2.2) and those over
  -- the limit (2.1).
  local processed = {}
  local function note(depth, label, o, out_of_range)
    local shown = O.words(o.verb, o.args)
    local text = string.rep("> ", depth) .. (label and (label .. ": ") or "") .. o.verb ..
      (#shown > 0 and " " .. table.concat(shown, " ") or "")
    if out_of_range then
      text = text .. "   (ignored: out of command range)"
    elseif o.ignored then
      text = text .. "   (ignored: administration limit)"
    elseif not o.counted then
      text = text .. "   (free)"
    end
    processed[#processed + 1] = text
    for _, e in ipairs(o.embedded or {}) do note(depth + 1, nil, e, out_of_range) end
  end
  for _, o in ipairs(sheet.general or {}) do note(0, "race " .. race, o) end
  for _, b in ipairs(blocks) do
    local out_of_range = false
    if b.unit and b.unit.kind == "fleet" then
      local _, s = U.ship_by_number(w, b.unit.flagship or -1)
      out_of_range = s ~= nil and s.owner == race and w.fleets[s.fleet].out_of_range == true
    end
    for _, o in ipairs(b.sheet.orders or {}) do note(0, b.label or b.sheet.id, o, out_of_range) end
  end
  w.processed[race] = processed
  r.orders_given, r.orders_counted = count.given, count.counted
  if count.ignored > 0 then
    U.event(w, race, string.format("%s over the administration limit of %d ignored",
      words.count(count.ignored, "orders"), limit))
  end
  for _, b in ipairs(blocks) do
    local u = b.unit
    local unit, is_fleet
    local label = b.label or b.sheet.id
    if not u then
      U.event(w, race, string.format("%s: %s: its orders are ignored", b.sheet.id, b.why))
      label = nil
    elseif u.kind == "colony" then
      local _, c = U.colony_by_number(w, u.number or -1)
      if c and c.owner == race then unit = c end
    elseif u.kind == "fleet" then
      local sid, s = U.ship_by_number(w, u.flagship or -1)
      if s and s.owner == race then
        local f = w.fleets[s.fleet]
        if f.out_of_range then
          U.event(w, race, label .. ": out of command range: its orders are ignored")
          label = nil
        else
          -- A ship given orders leaves its fleet and becomes a flagship (9.2).
          if f.flagship ~= sid then f = w.fleets[U.detach(w, sid)] end
          unit, is_fleet = f, true
        end
      end
    end
    if not unit then
      if label then
        U.event(w, race, string.format("%s: not your unit: its orders are ignored", label))
      end
    else
      -- Appended to the orders the unit has; break, clear, insert and embed act at once
      -- (18.1).
      local who = is_fleet and "fleet" or "colony"
      for _, e in ipairs(queue_entries(w, race, label, b.sheet.orders, who)) do
        local why = Q.append(unit.orders, e, is_fleet and unit or nil, who)
        if why then U.event(w, race, string.format("%s: %s: %s", label, e.verb, why)) end
      end
    end
  end
  -- Diplomatic messages (2.4) go in the turn reports of the races they are for.
  for _, m in ipairs(sheet.messages or {}) do
    turn.messages[#turn.messages + 1] = { from = race, to = m.to, text = m.text }
  end
  local general = {}
  for _, o in ipairs(sheet.general or {}) do
    if not o.ignored then general[#general + 1] = o end
  end
  return general
end

-- ---------------------------------------------------------------------------------------------
-- 2. General orders

local POLICIES = { ally = true, neutral = true, enemy = true }

-- alias ID $name, alias - $name (18.2): the alias stands for the colony or ship named, or is
-- deleted (a counting alias starts over, 18.2.1).
local function alias_order(w, race, id, word)
  local _, name = aliases.parse(word)
  if not name then return end
  local r = w.races[race]
  if id == "-" then
    aliases.delete(r, name)
    U.event(w, race, string.format("Alias $%s deleted", name))
  else
    local made = aliases.define(r, name, id)
    U.event(w, race, string.format("Alias $%s stands for %s", made, id))
  end
end

-- Runs a race's general orders: policy, name, alias and spy (its report comes at the end of
-- the turn, 16.8) as written, then research (14).
local function general_orders(w, race, orders)
  local r = w.races[race]
  local wanted = {}
  for _, o in ipairs(orders) do
    local args = O.words(o.verb, o.args)
    local fixed = race_types.best(r.race_type, "fixed_policy", nil)
    local refusal = o.verb == "policy" and
      diplomats.refusal(r.race_type, tostring(args[2] or ""):lower())
    if o.verb == "policy" and fixed then
      U.event(w, race, string.format("policy %s %s refused: a %s's policy is always %s (16)",
        tostring(args[1]), tostring(args[2] or ""):lower(), r.race_type, fixed))
    elseif o.verb == "spy" then
      w.spies = w.spies or {}
      local why = spies.refusal(w, race, args[1], w.spies[race])
      if why then
        U.event(w, race, string.format("spy %s refused: %s", tostring(args[1]), why))
      else
        w.spies[race] = args[1]
      end
    elseif refusal then
      U.event(w, race, string.format("policy %s %s refused: %s", tostring(args[1]),
        tostring(args[2] or ""):lower(), refusal))
    elseif o.verb == "policy" and teams.mates(w, race, args[1]) and
        tostring(args[2] or ""):lower() == "enemy" then
      U.event(w, race, string.format("policy %s enemy refused: race %s is your team mate, and " ..
        "team mates never turn enemies (21.1)", args[1], args[1]))
    elseif o.verb == "policy" then
      local other, word = args[1], tostring(args[2] or ""):lower()
      if w.races[other] and other ~= race and POLICIES[word] then
        r.policy[other] = word ~= C.policy.default and word or nil
        U.event(w, race, string.format("Policy toward race %s: %s", other, word))
      else
        U.event(w, race, string.format("policy %s %s: not a race and policy", tostring(other),
          word))
      end
    elseif o.verb == "name" then
      local number, text = O.planet(args[1]), tostring(args[2] or "")
      local _, c = U.colony_by_number(w, number or -1)
      if c and c.owner == race and #text >= 2 and #text <= 32 and
          not text:find("[^%w%s%-']") then
        local pid = c.planet
        w.planets[pid].name = text
        w.dirty_planets[pid] = true
        U.event(w, race, string.format("P%03d is now named %s", number, text))
      else
        U.event(w, race, string.format("name %s: not named", tostring(args[1])))
      end
    elseif o.verb == "research" then
      local code = O.tech(args[1])
      wanted[#wanted + 1] = { tech = code or tostring(args[1]), amount = O.number(args[2]),
        line = o.line }
    elseif o.verb == "alias" then
      alias_order(w, race, args[1], args[2])
    end
  end
  local out = research.spend({ techs = r.techs, paid = r.paid, points = r.research_points,
    taught = r.taught, race_type = r.race_type }, wanted, w.turn)
  r.techs, r.paid = out.techs, out.paid
  r.research_used = out.used
  r.research_points = out.left
  -- The r.p. spent first, in the order they went (the research orders' order, then the
  -- cheapest technologies), then the technologies they developed (cause before effect).
  for _, code in ipairs(out.order) do
    if out.spent[code] > 0 then
      U.event(w, race, string.format("Research: %d r.p. to %s", out.spent[code],
        data.tech(code).name))
    end
  end
  for _, code in ipairs(out.developed) do
    U.event(w, race, "Developed " .. data.tech(code).name)
  end
  for _, x in ipairs(out.ignored) do
    U.event(w, race, string.format("research %s: %s", tostring(x.order.tech), x.reason))
  end
end

-- ---------------------------------------------------------------------------------------------
-- 3. The phases

-- Drops orders at the front of a unit's queue that are not orders of its pool (a GM's edit, or
-- an order of a later version carried in a state): they would stop the phase.
local function clean_front(rec, pool)
  while rec.orders[1] and not priority.of(rec.orders[1].verb, pool) do
    table.remove(rec.orders, 1)
  end
end

-- The fleet orders that uncloak a fleet when it begins them (9.4); gift, teach and disclose
-- uncloak an ambassador ship in lib/act_unit.lua.
local UNCLOAKS = { move = true, farmove = true, bomb = true, enslave = true, persuade = true }

-- Carries out a unit's next order; returns true if it took no time (20.1).
local function act(w, unit, pool)
  local rec = unit.rec
  local alive = pool == "colony" and w.colonies[rec.id] == rec or
    (w.fleets[rec.id] == rec and not rec.gone)
  local o = alive and rec.orders[1]
  if not o then
    unit.next = nil
    return false
  end
  local fn = (pool == "colony" and AC or AF)[o.verb] or AU[o.verb]
  -- Aliases stand for their IDs from the moment the order is first carried out (18.2); one not
  -- yet defined is named in the report then, and tried again each time.
  local first = (o.begun or 0) == 0 and (o.done or 0) == 0
  for _, why in ipairs(aliases.resolve_order(w, rec.owner, o)) do
    if first then
      U.event(w, rec.owner, string.format("%s: %s: %s", AU.text_of(w, rec, pool), o.verb, why))
    end
  end
  -- A cloaked fleet uncloaks when it begins to move openly or to bomb (9.4).
  if pool == "fleet" and UNCLOAKS[o.verb] and cloak.set(w, rec, false) > 0 then
    U.event(w, rec.owner, string.format("%s uncloaked to %s", AU.text_of(w, rec, pool), o.verb))
  end
  local took, finished = false, true
  if fn then
    took, finished = fn(w, rec, o, pool)
  end
  if finished and rec.orders[1] == o then table.remove(rec.orders, 1) end
  clean_front(rec, pool)
  local still = pool == "colony" and w.colonies[rec.id] == rec or
    (w.fleets[rec.id] == rec and not rec.gone)
  unit.next = still and rec.orders[1] and rec.orders[1].verb or nil
  return not took
end

-- The units of a pool with orders, in id order.
local function pool_units(w, pool)
  local store = pool == "colony" and w.colonies or w.fleets
  local out = {}
  for _, id in ipairs(sorted_keys(store)) do
    local rec = store[id]
    if rec.orders then clean_front(rec, pool) end
    if rec.orders and #rec.orders > 0 and (pool == "fleet" or rec.owner) then
      out[#out + 1] = { rec = rec, next = rec.orders[1].verb,
        speed = pool == "fleet" and U.fleet_speed(w, rec) or 0 }
    end
  end
  return out
end

-- Repairs in space (9.6): one damage point every 4 phases for ships of fleets with orders,
-- every 2 for idle ones; none for ships that fought this phase.
local function space_repairs(w, phase)
  for _, id in ipairs(sorted_keys(w.ships)) do
    local s = w.ships[id]
    if s.damage > 0 and not w.in_combat[id] then
      local f = w.fleets[s.fleet]
      local every = (f and #f.orders > 0) and C.building.space_repair_active
        or C.building.space_repair_idle
      if phase % every == 0 then s.damage = s.damage - 1 end
    end
  end
end

-- One action/combat phase (20 step 3).
local function play_phase(w, phase)
  w.phase = phase
  w.in_combat, w.turned = {}, {}
  rng.use("colonies", "", phase)
  priority.run(pool_units(w, "colony"), "colony", function(u) return act(w, u, "colony") end)
  AC.release(w, true, phase)
  rng.use("fleets", "", phase)
  priority.run(pool_units(w, "fleet"), "fleet", function(u) return act(w, u, "fleet") end)
  sightings.observe(w, phase)
  rng.use("battles", "", phase)
  battle.run(w)
  for _, t in ipairs(w.turned) do
    if w.races[t.race] and t.toward and w.races[t.race].policy[t.toward] ~= "enemy" and
        not teams.mates(w, t.race, t.toward) then
      w.races[t.race].policy[t.toward] = "enemy"
      U.event(w, t.race, string.format("Race %s attacked you: your policy toward it is now enemy",
        t.toward))
    end
  end
  space_repairs(w, phase)
  AC.release(w, false, phase)
end

-- Orders carried over to the next turn count their phases within it (3: begun-x): an order
-- next doing something in phase 13 does so in phase 1 of the next turn.
local function carry_over(w)
  local n = C.game.phases_per_turn
  local function shift(list)
    for _, o in ipairs(list) do
      while (o.begun or 0) > n do o.begun = o.begun - n end
    end
  end
  for _, id in ipairs(sorted_keys(w.colonies)) do shift(w.colonies[id].orders) end
  for _, id in ipairs(sorted_keys(w.fleets)) do shift(w.fleets[id].orders) end
end

-- ---------------------------------------------------------------------------------------------
-- The turn

-- True if a sheet is one of this pack's ({general, units}) rather than another grammar's.
local function is_cosmos_sheet(sheet)
  return type(sheet) == "table" and (sheet.units ~= nil or sheet.general ~= nil)
end

-- Runs one turn (the turn number has already advanced).
function T.run(input, turn)
  local w = World.load()
  w.lost, w.dissolved, w.turned, w.in_combat, w.processed = {}, {}, {}, {}, {}
  w.phase = 0
  report_facts.start(w)
  local in_play = {}
  for _, race in ipairs(w.order) do
    if not w.races[race].eliminated then in_play[#in_play + 1] = race end
  end
  turn.in_play = in_play
  -- Overtime is worked for one turn (15, 8.3 condition 3).
  for _, c in pairs(w.colonies) do
    if c.overtime then c.overtime = false end
  end
  -- 1. Orders, the computer players' and the default orders (2.3).
  local generals = {}
  for _, race in ipairs(in_play) do
    local r = w.races[race]
    local sheet = input.sheets and input.sheets[race]
    local mode = input.computer and input.computer[race]
    if mode == "computer" then
      rng.use("ai", race)
      sheet = import("ai").plan(w, race)
    elseif not is_cosmos_sheet(sheet) then
      sheet = nil
    end
    if sheet and mode ~= "missed" and mode ~= "dropout" then
      r.missed_turns = 0
      generals[race] = receive(w, race, sheet, turn)
    else
      r.missed_turns = (r.missed_turns or 0) + 1
      r.orders_given, r.orders_counted = 0, 0
      choose_type(w, race, {})
      rng.use("default_orders", race)
      import("lib/defaults").give(w, race)
      generals[race] = {}
    end
  end
  -- 2. General orders.
  for _, race in ipairs(in_play) do general_orders(w, race, generals[race]) end
  diplomats.mirror(w, in_play)
  -- 3. The phases.
  for phase = 1, C.game.phases_per_turn do play_phase(w, phase) end
  w.phase = C.game.phases_per_turn + 1
  carry_over(w)
  -- Terraforming begun in the phases changes the planets before growth (14.2.3).
  AC.terraformed(w)
  -- 4-6. Production, command range, victory points, the end of the game.
  rng.use("production", "")
  end_turn.run(w)
  spies.run(w, w.spies or {})
  sightings.observe(w, C.game.phases_per_turn + 1)
  report_facts.write(w, turn)
  World.save(w)
end

return T
