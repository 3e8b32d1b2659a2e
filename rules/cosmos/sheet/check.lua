-- Checks a race's read sheet against the game before the turn, as the seed's order checker
-- does (2.1, 2.2): a block for a colony or ship the race does not own is an error; the orders
-- are counted against the administration limit exactly as the turn counts them (lib/admin.lua),
-- with a note of the count and a warning at each order over the limit; fleets out of command
-- range get a warning (their orders are ignored but still counted) and moves that end out of
-- it a note (lib/range.lua). A policy toward the race itself or a race not in the game is an
-- error; arguments the turn would ignore get warnings: other races' ships, planets the race has
-- no colony on to name, technologies not open to research; orders the turn would refuse for a
-- missing technology get warnings: launch without the Secure Launch System, flip and jump by a
-- fleet with a ship that lacks the drive.

local admin = import("lib/admin")
local coords = import("lib/coords")
local data = import("lib/data")
local range = import("lib/range")
local ships_lib = import("lib/ships")
local techs_lib = import("lib/techs")

local K = {}

local C = rules.const

-- The races of the game (a set) and what the race owns: colonies by number {hex}, ships by
-- number {id, type, fleet, graviton, jump}, the ship types and ships of each of its fleets, its
-- colony hexes (GM coordinates).
local function holdings(race)
  local h = { colonies = {}, ships = {}, fleet_types = {}, fleet_kit = {}, colony_hexes = {},
    races = {} }
  for _, code in ipairs(state.empires()) do h.races[code] = true end
  for _, id in ipairs(state.find("colony", "owner", race)) do
    local planet = state.value("colony", id, "planet")
    local hex = state.value("planet", planet, "hex")
    h.colonies[state.value("planet", planet, "number")] = { hex = hex }
    h.colony_hexes[#h.colony_hexes + 1] = hex
  end
  table.sort(h.colony_hexes)
  for _, id in ipairs(state.find("ship", "owner", race)) do
    local s = state.get("ship", id)
    h.ships[s.number] = { id = id, type = s.type, fleet = s.fleet, graviton = s.graviton,
      jump = s.jump }
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

local MOVES = { move = true, farmove = true, flip = true, jump = true }

-- Notes for moves whose end is out of command range for a fleet of these types.
local function check_moves(report, orders, types, h, techs, home)
  for _, o in ipairs(orders) do
    local to = MOVES[o.verb] and path_end(o, home)
    if to and not range.in_command(to, types, h.colony_hexes, techs) then
      report.note(o.line, o.col, string.format("%s: %s is more than %d hexes from your " ..
        "colonies: once there, the fleet takes no new orders (2.2)", o.verb,
        o.args[#o.args].text, C.command.range))
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

-- Checks the arguments that name units of the state: ships of other races.
local function check_ships(report, orders, h)
  for _, o in ipairs(orders) do
    for _, a in ipairs(o.args or {}) do
      if a.kind == "ship" and not h.ships[a.value] and #state.find("ship", "number", a.value) > 0
      then
        report.warning(o.line, o.col, string.format("%s: %s is not one of your ships", o.verb,
          a.text))
      end
    end
    check_ships(report, o.embedded or {}, h)
  end
end

-- Checks the general orders against the state.
local function check_general(report, sheet, h, techs, turn)
  for _, o in ipairs(sheet.general) do
    local a = o.args or {}
    if o.verb == "research" and not techs_lib.researchable(techs, a[1].value, turn) then
      report.warning(o.line, o.col, string.format("research: %s is %s; its r.p. go to the " ..
        "cheapest technology open to you (14)", a[1].text, techs[a[1].value] and
        "already developed" or "not open to research this turn"))
    elseif o.verb == "policy" then
      local other = a[1].value
      if other == report.empire then
        report.error(o.line, o.col, "policy: that is your own race")
      elseif not h.races[other] then
        report.error(o.line, o.col, string.format("policy: there is no race %s in this game",
          other))
      end
    elseif o.verb == "name" and not h.colonies[a[1].value] then
      report.warning(o.line, o.col, string.format("name: you have no colony on %s; only a " ..
        "planet you have colonized may be named (6.4)", a[1].text))
    end
  end
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

-- Checks a sheet (turnsheet.parse's value) of race report.empire for turn report.turn.
function K.check(sheet, report)
  local race = report.empire
  local r = state.empire(race)
  local techs = r.techs or {}
  local home = r.home
  local h = holdings(race)
  local units = {}
  for _, u in ipairs(sheet.units) do
    local entry = { kind = u.kind, orders = u.orders }
    if u.kind == "colony" then
      local c = h.colonies[u.number]
      if not c then
        report.error(u.line, u.col, string.format("%s: you have no colony with this ID", u.id))
      else
        for _, o in ipairs(u.orders) do
          if (o.verb == "build" or o.verb == "launch") and o.embedded then
            check_moves(report, o.embedded, { o.args[1].value }, h, techs, home)
            check_drives(report, o.embedded, { ships_lib.equipment(o.args[1].value, techs) })
          end
          if o.verb == "launch" and not techs_lib.has(techs, C.building.launch_tech) then
            report.warning(o.line, o.col, string.format("launch: you have not developed the " ..
              "%s: the launch will be refused; use build (9.1)",
              data.tech(C.building.launch_tech).name))
          end
        end
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
            "count against your administration limit (2.2)", u.id, C.command.range))
        else
          check_moves(report, u.orders, types, h, techs, home)
          local kit = state.value("fleet", s.fleet, "flagship") == s.id and
            h.fleet_kit[s.fleet] or { s }
          check_drives(report, u.orders, kit)
        end
      end
    end
    check_ships(report, u.orders, h)
    units[#units + 1] = entry
  end
  check_general(report, sheet, h, techs, report.turn)
  local limit = admin.limit(techs)
  local count = admin.count({ general = sheet.general, units = units }, limit)
  report.note(sheet.race_line or 1, 1, string.format("%d order%s given, %d counted against " ..
    "your administration limit of %d", count.given, count.given == 1 and "" or "s",
    count.counted, limit))
  warn_ignored(report, sheet.general, limit)
  for _, u in ipairs(sheet.units) do warn_ignored(report, u.orders, limit) end
end

return K
