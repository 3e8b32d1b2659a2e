-- Checks a race's read sheet against the game before the turn, as the seed's order checker
-- does (2.1, 2.2): a block for a colony or ship the race does not own is an error; the orders
-- are counted against the administration limit exactly as the turn counts them (lib/admin.lua),
-- with a note of the count and a warning at each order over the limit; fleets out of command
-- range get a warning (their orders are ignored but still counted) and moves that end out of
-- it a note (lib/range.lua). A policy toward the race itself or a race not in the game is an
-- error; arguments the turn would ignore get warnings: other races' ship numbers (by the
-- numbering alone: no message depends on what the race cannot see), planets the race has
-- no colony on to name, technologies not open to research. Orders the turn would refuse get
-- warnings, judged with the technologies the race will have in the phases (those it has and
-- those this sheet's research develops, lib/research.lua): launch without the Secure Launch
-- System; building a ship type whose technology the race lacks, larger than the colony's
-- starport (with the starport built or dismantled by the colony's orders before it) or over its
-- starport capacity for the turn (9.1); shields without Planet Shield (8.2); flip and jump by a
-- fleet with a ship that lacks the drive (9.3); explore of a hex beyond the reach of the fleet's
-- scanners from where its moves before it leave it (10); a move whose path skips a hex (9.3);
-- bomb and probe by a fleet with no ship able to bomb (11.1, 11.3); transmit and terraform
-- without the technology (14.2.3, 14.2.4); overtime a colony cannot make or pay for (15),
-- whose administration points raise the limit the orders are counted against.

local O = import("orders")
local Q = import("lib/queue")
local admin = import("lib/admin")
local bombing = import("lib/bombing")
local coords = import("lib/coords")
local data = import("lib/data")
local diplomats = import("lib/diplomats")
local teams = import("lib/teams")
local overtime = import("lib/overtime")
local race_types = import("lib/race_types")
local range = import("lib/range")
local research = import("lib/research")
local ships_lib = import("lib/ships")
local techs_lib = import("lib/techs")
local terraforming = import("lib/terraform")

local K = {}

local C = rules.const

-- The races of the game (a set) and what the race owns: colonies by number {record, hex,
-- kind, starport, built_size}, ships by number {id, type, fleet, graviton, jump, scanner},
-- the ship types and ships of each of its fleets, its colony hexes (GM coordinates).
local function holdings(race)
  local h = { colonies = {}, ships = {}, fleet_types = {}, fleet_kit = {}, colony_hexes = {},
    races = {} }
  for _, code in ipairs(state.empires()) do h.races[code] = true end
  for _, id in ipairs(state.find("colony", "owner", race)) do
    local planet = state.value("colony", id, "planet")
    local hex = state.value("planet", planet, "hex")
    h.colonies[state.value("planet", planet, "number")] = { record = id, hex = hex,
      kind = state.value("planet", planet, "kind"),
      starport = state.value("colony", id, "starport") or 0,
      built_size = state.value("colony", id, "built_size") or 0 }
    h.colony_hexes[#h.colony_hexes + 1] = hex
  end
  table.sort(h.colony_hexes)
  for _, id in ipairs(state.find("ship", "owner", race)) do
    local s = state.get("ship", id)
    h.ships[s.number] = { id = id, type = s.type, fleet = s.fleet, graviton = s.graviton,
      jump = s.jump, scanner = s.scanner, cloak = s.cloak }
    local list = h.fleet_types[s.fleet] or {}
    list[#list + 1] = s.type
    h.fleet_types[s.fleet] = list
    local kit = h.fleet_kit[s.fleet] or {}
    kit[#kit + 1] = h.ships[s.number]
    h.fleet_kit[s.fleet] = kit
  end
  return h
end

-- The ship types of the fleet a block for own ship `s` gives orders to: its fleet's, or its own
-- alone if it is not the flagship (a ship given orders leaves its fleet, 9.2).
function K.block_types(h, s)
  if state.value("fleet", s.fleet, "flagship") == s.id then return h.fleet_types[s.fleet] end
  return { s.type }
end

-- The GM hex of the last hex of a move's path (the race writes its own coordinates).
local function path_end(o, home)
  local last = o.args and o.args[#o.args]
  if not last or last.kind ~= "hex" then return nil end
  return home and coords.from_race(last.value, home) or last.value
end

local MOVES = { move = true, farmove = true, sneak = true, farsneak = true, flip = true,
  jump = true }

-- Notes for moves whose end is out of command range for a fleet of these types.
local function check_moves(report, orders, types, h, techs, home)
  for _, o in ipairs(orders) do
    local to = MOVES[o.verb] and path_end(o, home)
    if to and not range.in_command(to, types, h.colony_hexes, techs, h.race_type) then
      report.note(o.line, o.col, string.format("%s: %s is more than %d hexes from your " ..
        "colonies: once there, the fleet takes no new orders (2.2)", o.verb,
        o.args[#o.args].text, range.command_range(h.race_type)))
    end
  end
end

-- Warnings for flips and jumps the fleet's ships (list of {graviton, jump}) lack the drive for
-- (9.3.1, 9.3.2): the turn refuses them.
local function check_drives(report, orders, kit)
  for _, o in ipairs(orders) do
    local lacking
    for _, s in ipairs(kit) do
      if o.verb == "flip" and not s.graviton then lacking = "the Graviton Drive" end
      if o.verb == "jump" and s.jump ~= "jump" and s.jump ~= "ultimate" then
        lacking = "a Jump Drive"
      end
    end
    if lacking then
      report.warning(o.line, o.col, string.format("%s: not every ship of this fleet has %s: " ..
        "the %s will be refused (9.3)", o.verb, lacking, o.verb))
    end
  end
end

-- Warnings for explores of hexes beyond the reach of the scanners of the fleet's ships (list of
-- {scanner}) (10), the fleet being in GM hex `at` and then wherever its moves, flips and jumps
-- before the explore end: the turn explores nothing there.
local function check_explores(report, orders, kit, at, home)
  local reach = range.explore_reach(kit)
  for _, o in ipairs(orders) do
    local to = MOVES[o.verb] and path_end(o, home)
    if to then at = to end
    if o.verb == "explore" then
      for _, a in ipairs(o.args or {}) do
        local hex = home and coords.from_race(a.value, home) or a.value
        local d = galaxy.distance(at, hex)
        if d > reach then
          report.warning(o.line, o.col, string.format("explore: %s is %d hex%s from where " ..
            "the fleet will be, and its scanners reach %s: it will not be explored (10)",
            a.text, d, d == 1 and "" or "es", reach == 0 and "only its own hex" or
            string.format("%d hex%s", reach, reach == 1 and "" or "es")))
        end
      end
    end
  end
end

-- Warnings for moves whose path skips a hex (9.3): each hex of a move must be next to the one
-- before it, the first next to where the fleet will be (GM hex `at`, then wherever its moves,
-- flips and jumps before the move end); the turn stops the move before the gap.
local function check_gaps(report, orders, at, home)
  for _, o in ipairs(orders) do
    if o.verb == "move" or o.verb == "sneak" then
      for i, a in ipairs(o.args or {}) do
        local hex = home and coords.from_race(a.value, home) or a.value
        local d = galaxy.distance(at, hex)
        if d ~= 1 then
          report.warning(o.line, o.col, string.format("%s: %s is %d hexes from %s: a %s " ..
            "goes one hex at a time, so the fleet stops before it; use far%s to go further " ..
            "(9.3)", o.verb, a.text, d, i == 1 and "where the fleet will be" or
            "the hex before it", o.verb, o.verb))
          break
        end
        at = hex
      end
    else
      local to = MOVES[o.verb] and path_end(o, home)
      if to then at = to end
    end
  end
end

-- Warnings for bombs and probes by a fleet none of whose ships (list of {type}) can bomb, with
-- technologies `techs` (11.1, 11.3): the turn refuses them.
local function check_bombers(report, orders, kit, techs)
  if bombing.capability(kit, techs) > 0 then return end
  for _, o in ipairs(orders) do
    if o.verb == "bomb" or o.verb == "probe" then
      report.warning(o.line, o.col, string.format("%s: no ship of this fleet is able to " ..
        "bomb: the %s will be refused (%s)", o.verb, o.verb,
        o.verb == "bomb" and "11.1" or "11.3"))
    end
  end
end

-- What kinds of cargo the ships of a fleet (list of {type}) carry and whether it can colonize.
local function carriers(kit)
  local out = { ip = false, pop = false, colonize = false }
  for _, s in ipairs(kit) do
    local t = data.ship_type(s.type)
    out.ip = out.ip or (t.cargo or 0) > 0
    out.pop = out.pop or (t.passengers or 0) > 0
    out.colonize = out.colonize or (t.colonists or 0) > 0
  end
  return out
end

local FLEET_CHANGES = { form = true, include = true, join = true, leave = true }

-- Warnings for loads and unloads of cargo no ship of the fleet (list of {type}) carries, and
-- colonizes by a fleet without colony ships (9.7.1, 10.2): the turn refuses them. Orders after
-- a change of the fleet (form, include, join, leave) are not judged.
local function check_cargo(report, orders, kit)
  local has = carriers(kit)
  for _, o in ipairs(orders) do
    if FLEET_CHANGES[o.verb] then return end
    if o.verb == "colonize" and not has.colonize then
      report.warning(o.line, o.col, "colonize: this fleet has no colony transport or exodus " ..
        "ship: the colonize will be refused (10.2)")
    elseif o.verb == "load" or o.verb == "unload" then
      -- What the order moves: "i.p." and "pop" parts, an amount alone is i.p., none all i.p.
      local wants, pending, parts = {}, false, 0
      for _, a in ipairs(o.args or {}) do
        if a.text == "i.p." or a.text == "pop" then
          wants[a.text == "i.p." and "ip" or "pop"] = true
          pending, parts = false, parts + 1
        elseif a.kind == "cargo" and type(a.value) == "number" then
          if pending then wants.ip = true end
          pending, parts = true, parts + 1
        elseif pending then
          wants.ip, pending = true, false
        end
      end
      if pending or parts == 0 then wants.ip = true end
      for _, what in ipairs({ "ip", "pop" }) do
        if wants[what] and not has[what] then
          report.warning(o.line, o.col, string.format("%s: no ship of this fleet carries %s " ..
            "(%s): nothing will be %sed (9.7.1)", o.verb, what == "ip" and "i.p." or
            "population", what == "ip" and "freighters do" or "stasis transports do", o.verb))
        end
      end
    end
  end
end

-- The team of race `code` in a team game (21), 0 for none.
local function team_of(code)
  for _, c in ipairs(state.empires()) do
    if c == code then return state.value("empire", code, "team") or 0 end
  end
  return 0
end

-- True if the game is a team game (21).
local function team_game()
  for _, code in ipairs(state.empires()) do
    if team_of(code) > 0 then return true end
  end
  return false
end

-- The race type race `r` will have in turn `turn` with this sheet's type orders (16).
function K.sheet_type(r, sheet, turn)
  local pairs_ = {}
  for _, o in ipairs(sheet.general) do
    local a = o.args or {}
    if o.verb == "type" then pairs_[#pairs_ + 1] = { a[1] and a[1].text, a[2] and a[2].text } end
  end
  return race_types.after(r.race_type, pairs_, turn, team_game() and teams.type_refusal or nil)
end

-- The technologies race `r` will have in the phases of turn `turn`: those it has and those the
-- research orders of the sheet (and its spare r.p.) develop first (20 step 2, 14).
local function phase_techs(r, sheet, turn)
  local wanted = {}
  for _, o in ipairs(sheet.general) do
    local a = o.args or {}
    if o.verb == "research" and a[1] then
      wanted[#wanted + 1] = { tech = a[1].value, amount = a[2] and a[2].value or nil }
    end
  end
  return research.spend({ techs = r.techs or {}, paid = r.paid or {},
    points = r.research_points or 0, taught = r.taught,
    race_type = K.sheet_type(r, sheet, turn) }, wanted, turn).techs
end

-- The name of a technology.
local function tech_name(code)
  return data.tech(code).name
end

-- The verbs of the orders a unit carries over (queued records with `field` = id), in order.
local function carried_verbs(field, id)
  local out = {}
  for i, q in ipairs(Q.carried(field, id)) do out[i] = q.verb end
  return out
end

local DIPLOMACY = { teach = "14.1", disclose = "10.1", gift = "9.9" }
local SNEAKS = { sneak = true, farsneak = true }

-- Warnings for the orders of sections 9.4, 9.9, 10.1, 14.1 and 18 that the turn would refuse or
-- that would do nothing, for a unit's list `orders`. ctx = {pool = "colony" or "fleet", kit
-- (the fleet's ships: {type, cloak}), techs (as in the phases), turn, verbs (the verbs the
-- unit's list holds before these orders: carried over, or none for a new unit)}. The orders
-- a repeat or insert holds go to the same unit and are checked with it; what break, clear,
-- insert and embed do to the list is not foreseen.
local function check_unit(report, orders, ctx)
  local verbs = ctx.verbs or {}
  local envoy = ctx.pool == "colony"
  local leader = ctx.kit and ctx.kit[1] and data.ship_type(ctx.kit[1].type)
  if ctx.pool == "fleet" and leader then envoy = leader.ambassador == true end
  local fitted, all_fitted = false, ctx.kit and #ctx.kit > 0
  for _, s in ipairs(ctx.kit or {}) do
    fitted = fitted or s.cloak == true
    all_fitted = all_fitted and s.cloak == true
  end
  for _, o in ipairs(orders) do
    local a = o.args or {}
    if (o.verb == "cloak" or o.verb == "uncloak") and not fitted then
      report.warning(o.line, o.col, string.format("%s: no ship of this fleet has a cloaking " ..
        "device (new ships get one once you have developed %s): it will be refused (9.4)",
        o.verb, tech_name(C.cloaking.tech)))
    elseif SNEAKS[o.verb] and not all_fitted then
      report.warning(o.line, o.col, string.format("%s: not every ship of this fleet has a " ..
        "cloaking device: it will be refused; use %s (9.4)", o.verb,
        o.verb == "sneak" and "move" or "farmove"))
    elseif DIPLOMACY[o.verb] and not envoy then
      report.warning(o.line, o.col, string.format("%s: only colonies and fleets led by an " ..
        "ambassador ship may %s: it will be refused (%s)", o.verb, o.verb, DIPLOMACY[o.verb]))
    elseif o.verb == "teach" and a[2] and not techs_lib.has(ctx.techs, a[2].value) then
      report.warning(o.line, o.col, string.format("teach: you have not developed %s: it will " ..
        "be refused (14.1)", a[2].text))
    elseif o.verb == "order" and ctx.pool == "fleet" and leader and leader.scout then
      report.warning(o.line, o.col, "order: a fleet led by a scout or explorer cannot pass " ..
        "orders: it will be refused (18.4)")
    elseif (o.verb == "order" or o.verb == "repeat" or o.verb == "insert" or
        o.verb == "embed") and #(o.embedded or {}) == 0 then
      report.warning(o.line, o.col, string.format("%s: no orders follow it: write them between " ..
        "a line orders: and a line holding only a . (18)", o.verb))
    elseif o.verb == "time" and (a[1].value < ctx.turn) then
      report.note(o.line, o.col, string.format("time: turn %d is past: the orders after it " ..
        "go on at once (18.3)", a[1].value))
    elseif o.verb == "embed" then
      local k = a[1].value
      local at = k < 0 and #verbs + 1 + k or k
      local target = verbs[at]
      if not target then
        report.warning(o.line, o.col, string.format("embed: this unit will have %s before " ..
          "this order, so there is no order %d: it will be refused (18.1)",
          import("lib/words").count(#verbs, "orders"), k))
      elseif not O.verbs[target] or not O.verbs[target].embeds then
        report.warning(o.line, o.col, string.format("embed: order %d is a %s, which holds no " ..
          "orders: it will be refused (18.1)", k, target))
      end
    end
    if o.verb == "repeat" or o.verb == "insert" then check_unit(report, o.embedded or {}, ctx) end
    if not Q.now[o.verb] then verbs[#verbs + 1] = o.verb end
  end
end

-- Warnings for a colony's orders the turn would refuse or carry out without effect (8.2, 9.1):
-- ships whose technology the race lacks, larger than the starport or over its capacity for
-- the turn; shields without Planet Shield; launches without the Secure Launch System;
-- transmits without Matter Transmission or to no colony of the race (14.2.4); terraforming a
-- planet the race's technologies cannot change (14.2.3). The starport grows and shrinks with
-- the colony's construct and dismantle orders before the build; after a construct starport
-- without an amount its size is not known.
local function check_colony(report, u, c, h, techs, home, turn, race_type)
  local starport, built = c.starport, c.built_size
  for _, o in ipairs(u.orders) do
    local a = o.args or {}
    if o.verb == "construct" and a[1].value == "starport" then
      starport = a[2] and starport and starport + a[2].value or nil
    elseif o.verb == "dismantle" and a[1].value == "starport" and starport then
      starport = math.max(0, starport - a[2].value)
    elseif o.verb == "construct" and a[1].value == "shields" and
        not techs_lib.has(techs, C.installations.shield_tech) then
      report.warning(o.line, o.col, string.format("construct: shields need %s, which you " ..
        "have not developed: none will be built (8.2)",
        tech_name(C.installations.shield_tech)))
    elseif o.verb == "transmit" then
      local to = a[1]
      local why
      if not techs_lib.has(techs, C.transmission.tech) then
        why = string.format("you have not developed %s", tech_name(C.transmission.tech))
      elseif to.kind == "colony" and to.text:upper() == u.id:upper() then
        why = "a colony cannot transmit to itself"
      elseif to.kind == "colony" and not h.colonies[to.value] then
        why = string.format("you have no colony %s", to.text)
      end
      if why then
        report.warning(o.line, o.col, string.format("transmit: %s: it will be refused (14.2.4)",
          why))
      end
    elseif o.verb == "terraform" then
      local to, why = terraforming.target(c.kind, techs)
      if not to then
        report.warning(o.line, o.col, string.format("terraform: %s: it will be refused (14.2.3)",
          why))
      end
    elseif o.verb == "build" or o.verb == "launch" then
      local t = data.ship_type(a[1].value)
      local why
      if ships_lib.only_type(t.code, race_type) then
        why = ships_lib.only_type(t.code, race_type) .. ": the " .. o.verb .. " will be refused"
      elseif o.verb == "launch" and not techs_lib.has(techs, C.building.launch_tech) then
        why = string.format("you have not developed the %s: the launch will be refused; use " ..
          "build (9.1)", tech_name(C.building.launch_tech))
      elseif t.requires and not techs_lib.has(techs, t.requires) then
        why = string.format("%s needs %s, which you have not developed: the %s will be " ..
          "refused (9.1)", t.name, tech_name(t.requires), o.verb)
      elseif starport and t.size > starport then
        why = string.format("%s (size %d) is larger than the starport of %s (size %d): the %s " ..
          "will be refused; construct starport %d first (9.1)", t.name, t.size, u.id, starport,
          o.verb, t.size - starport)
      elseif starport and built + t.size > ships_lib.capacity(starport, techs, race_type) then
        why = string.format("the ships %s builds this turn would be size %d in all, over its " ..
          "starport capacity of %d: the %s will be refused (9.1)", u.id, built + t.size,
          ships_lib.capacity(starport, techs, race_type), o.verb)
      end
      if why then
        report.warning(o.line, o.col, o.verb .. ": " .. why)
      else
        built = built + t.size
      end
      if o.embedded then
        local kit = { ships_lib.equipment(t.code, techs) }
        check_moves(report, o.embedded, { t.code }, h, techs, home)
        check_drives(report, o.embedded, kit)
        check_explores(report, o.embedded, kit, c.hex, home)
        check_gaps(report, o.embedded, c.hex, home)
        check_bombers(report, o.embedded, { { type = t.code } }, techs)
        check_cargo(report, o.embedded, { { type = t.code } })
        check_unit(report, o.embedded, { pool = "fleet", kit = { { type = t.code,
          cloak = kit[1].cloak } }, techs = techs, turn = turn, verbs = {} })
      end
    end
  end
end

-- True if a ship number is in another race's own slot Sxx00-Sxx99 (9): never one of this
-- race's ships. Numbers in its own slot or the common pool may be ships it builds this turn.
-- Decided by the numbering alone: whether such a ship exists is not the race's to know.
local function others_number(number, h, race)
  local slot = tostring(math.floor(number / 100))
  return slot ~= race and h.races[slot] == true
end

-- Checks the arguments that name ships: another race's ship numbers.
local function check_ships(report, orders, h, race)
  for _, o in ipairs(orders) do
    for _, a in ipairs(o.args or {}) do
      if a.kind == "ship" and not h.ships[a.value] and others_number(a.value, h, race) then
        report.warning(o.line, o.col, string.format("%s: %s is not one of your ships", o.verb,
          a.text))
      end
    end
    check_ships(report, o.embedded or {}, h, race)
  end
end

-- type (16): an error for a word that is not a basic type, a combination 16 forbids, a turn
-- other than race_types.turn, a race whose type is chosen, or a second type order (`seen`: the
-- line of the first good one). Returns true for a good one.
local function check_type(report, o, r, turn, seen)
  local a = o.args or {}
  local chosen, why = race_types.read(a[1] and a[1].text, a[2] and a[2].text)
  if not why and team_game() then why = teams.type_refusal(chosen) end
  if not why and turn ~= C.race_types.turn then
    why = string.format("a race type is chosen on turn %d only (16); your race is %s",
      C.race_types.turn, r.race_type or "standard")
  elseif not why and seen then
    why = string.format("your race type is given on line %d already; give it once (16)", seen)
  elseif not why and (r.race_type or "standard") ~= "standard" then
    why = string.format("your race is %s already (16)", r.race_type)
  end
  if why then report.error(o.line, o.col, "type: " .. why) end
  return why == nil
end

-- An error unless `code`, the race order `o` names, is another race of the game.
local function other_race(report, o, code, h)
  if code == report.empire then
    report.error(o.line, o.col, o.verb .. ": that is your own race")
  elseif not h.races[code] then
    report.error(o.line, o.col, string.format("%s: there is no race %s in this game", o.verb,
      code))
  end
end

-- Checks the general orders against the state.
local function check_general(report, sheet, h, techs, turn, taught, r)
  local type_line, spy_line
  local kind = K.sheet_type(r, sheet, turn)
  local fixed = race_types.best(kind, "fixed_policy")
  for _, o in ipairs(sheet.general) do
    local a = o.args or {}
    if o.verb == "type" then
      if check_type(report, o, r, turn, type_line) then type_line = type_line or o.line end
    elseif o.verb == "research" and not techs_lib.researchable(techs, a[1].value, turn, taught,
        K.sheet_type(r, sheet, turn)) then
      report.warning(o.line, o.col, string.format("research: %s is %s; its r.p. go to the " ..
        "cheapest technology open to you (14)", a[1].text, techs[a[1].value] and
        "already developed" or "not open to research this turn"))
    elseif o.verb == "policy" and fixed then
      report.error(o.line, o.col, string.format("policy: a %s's policy toward every race is " ..
        "%s, for good: it gives no policy orders (16.10)", kind, fixed))
    elseif o.verb == "spy" then
      local target = a[1].value
      if race_types.count(kind, "diplomat") == 0 then
        report.warning(o.line, o.col, "spy: only diplomats have a spy network: it will be " ..
          "refused (16.8)")
      elseif spy_line then
        report.error(o.line, o.col, string.format("spy: your spies report on one race a " ..
          "turn, given on line %d already (16.8)", spy_line))
      else
        other_race(report, o, target, h)
      end
      spy_line = spy_line or o.line
    elseif o.verb == "policy" and tostring(a[2].value):lower() == "enemy" and
        team_of(report.empire) > 0 and team_of(a[1].value) == team_of(report.empire) then
      report.error(o.line, o.col, string.format("policy: race %s is your team mate, and team " ..
        "mates never turn enemies (21.1)", a[1].value))
    elseif o.verb == "policy" and diplomats.refusal(kind, tostring(a[2].value):lower()) then
      report.error(o.line, o.col, "policy: " ..
        diplomats.refusal(kind, tostring(a[2].value):lower()))
    elseif o.verb == "policy" then
      other_race(report, o, a[1].value, h)
    elseif o.verb == "name" and not h.colonies[a[1].value] then
      report.warning(o.line, o.col, string.format("name: you have no colony on %s; only a " ..
        "planet you have colonized may be named (6.4)", a[1].text))
    end
  end
end

-- Plays the sheet's overtime orders (15) on the colonies as they are: an error for a kind of
-- points that is neither research nor administration, a warning at each the turn would
-- refuse. Returns the administration points they make, for the limit.
local function check_overtime(report, sheet, r, race, h)
  local orders, at = {}, {}
  for _, o in ipairs(sheet.general) do
    local a = o.args or {}
    if o.verb == "overtime" then
      local what = tostring(a[3] and a[3].text or ""):lower()
      if what ~= "research" and what ~= "administration" then
        report.error(o.line, o.col, string.format("overtime: '%s' is not a kind of points; " ..
          "write research or administration", a[3] and a[3].text or ""))
      else
        -- An alias of the race's own stands for its colony as the aliases are now (18.2).
        local number = a[1].kind == "colony" and a[1].value or
          O.colony((r.aliases or {})[tostring(a[1].text):sub(2):lower()] or "")
        if number then
          orders[#orders + 1] = { colony = number, amount = a[2].value, what = what,
            text = "overtime" }
          at[#orders] = o
        end
      end
    end
  end
  if #orders == 0 then return 0 end
  local views = {}
  local function colony_of(number)
    if not h.colonies[number] then return nil end
    if not views[number] then
      local id = h.colonies[number].record
      views[number] = { owner = race, ip = state.value("colony", id, "ip") or 0,
        research = state.value("colony", id, "research") or 0,
        population = state.value("colony", id, "population") or 0 }
    end
    return views[number]
  end
  local race_type = K.sheet_type(r, sheet, report.turn)
  local base = overtime.admin_base(r.production, r.population, r.techs or {}, race_type)
  local out = overtime.run(orders, race, colony_of, base, race_type)
  for i, o in ipairs(at) do
    if out.refused[i] then
      report.warning(o.line, o.col, string.format("overtime: %s: it will be refused (15)",
        out.refused[i]))
    end
  end
  return out.admin
end

-- Warnings at the orders the administration limit drops.
local function warn_ignored(report, orders, limit)
  for _, o in ipairs(orders) do
    if o.ignored then
      report.warning(o.line, o.col, string.format("%s: over your administration limit of %d: " ..
        "this order will be ignored", o.verb, limit))
    end
    warn_ignored(report, o.embedded or {}, limit)
  end
end

-- A block headed by an alias (18.2): the colony or ship the race's alias stood for at the end
-- of last turn, as a block of that kind; an error if it stands for none.
local function alias_block(report, r, u)
  local name = u.alias:match("^%$(.*)$"):lower()
  local id = r.aliases and r.aliases[name]
  if id and id:sub(1, 1) == "$" then id = r.aliases[id:sub(2)] end
  local out = { line = u.line, col = u.col, id = u.id, orders = u.orders }
  if not id then
    report.error(u.line, u.col, string.format("%s: you have no alias of this name; an alias " ..
      "defined this turn heads a block from next turn on (18.2)", u.id))
    out.kind = "none"
  elseif id:match("^C") then
    out.kind, out.number = "colony", tonumber(id:sub(2))
  else
    out.kind, out.flagship = "fleet", tonumber(id:sub(2))
  end
  return out
end

-- Checks a sheet (turnsheet.parse's value) of race report.empire for turn report.turn.
function K.check(sheet, report)
  local race = report.empire
  local r = state.empire(race)
  local techs = r.techs or {}
  local later = phase_techs(r, sheet, report.turn)
  local race_type = K.sheet_type(r, sheet, report.turn)
  local home = r.centre or r.home
  local h = holdings(race)
  h.race_type = race_type
  local units = {}
  for _, sheet_unit in ipairs(sheet.units) do
    local u = sheet_unit
    if u.kind == "alias" then u = alias_block(report, r, u) end
    local entry = { kind = u.kind, orders = u.orders }
    if u.kind == "none" then
      entry.kind = "colony"
    elseif u.kind == "colony" then
      local c = h.colonies[u.number]
      if not c then
        report.error(u.line, u.col, string.format("%s: you have no colony with this ID", u.id))
      else
        check_colony(report, u, c, h, later, home, report.turn, race_type)
        check_unit(report, u.orders, { pool = "colony", techs = later, turn = report.turn,
          verbs = carried_verbs("colony", c.record) })
      end
    else
      local s = h.ships[u.flagship]
      if not s then
        report.error(u.line, u.col, string.format("%s: you have no ship with this ID", u.id))
      else
        local types = K.block_types(h, s)
        entry.scouts_only = admin.scouts_only(types)
        if state.value("fleet", s.fleet, "out_of_range") then
          report.warning(u.line, u.col, string.format("%s: out of command range (more than %d " ..
            "hexes from your colonies at the end of last turn): its orders are ignored, but " ..
            "count against your administration limit (2.2)", u.id,
            range.command_range(r.race_type)))
        else
          check_moves(report, u.orders, types, h, techs, home)
          local kit = state.value("fleet", s.fleet, "flagship") == s.id and
            h.fleet_kit[s.fleet] or { s }
          check_drives(report, u.orders, kit)
          check_explores(report, u.orders, kit, state.value("fleet", s.fleet, "hex"), home)
          check_gaps(report, u.orders, state.value("fleet", s.fleet, "hex"), home)
          check_bombers(report, u.orders, kit, later)
          check_cargo(report, u.orders, kit)
          local own = state.value("fleet", s.fleet, "flagship") == s.id
          check_unit(report, u.orders, { pool = "fleet", kit = kit, techs = later,
            turn = report.turn, verbs = own and carried_verbs("fleet", s.fleet) or {} })
        end
      end
    end
    check_ships(report, u.orders, h, race)
    units[#units + 1] = entry
  end
  check_general(report, sheet, h, techs, report.turn, r.taught, r)
  for _, m in ipairs(sheet.messages or {}) do
    if m.to ~= "ALL" and not h.races[m.to] then
      report.error(m.line, m.col, string.format("message: there is no race %s in this game",
        m.to))
    elseif m.to == race then
      report.warning(m.line, m.col, "message: that is your own race")
    end
  end
  local owned = 0
  for _ in pairs(h.colonies) do owned = owned + 1 end
  local limit = admin.limit(techs, K.sheet_type(r, sheet, report.turn), owned) +
    check_overtime(report, sheet, r, race, h)
  local count = admin.count({ general = sheet.general, units = units }, limit)
  report.note(sheet.race_line or 1, 1, string.format("%d order%s given, %d counted against " ..
    "your administration limit of %d", count.given, count.given == 1 and "" or "s",
    count.counted, limit))
  warn_ignored(report, sheet.general, limit)
  for _, u in ipairs(sheet.units) do warn_ignored(report, u.orders, limit) end
end

return K
