-- Shortcuts over the world of lib/world.lua: ship types, fleets and their ships, who is whose
-- enemy (4, 4.1), what a race knows of the map (5.4, 10), new ships and fleets (9, 9.2), and
-- the per-race event lines of the turn report (3).

local coords = import("lib/coords")
local data = import("lib/data")
local movement = import("lib/movement")
local race_types = import("lib/race_types")
local range = import("lib/range")
local ships_lib = import("lib/ships")

local U = {}

local C = rules.const

-- A ship's Table 4 row.
function U.type(ship)
  return data.ship_type(ship.type)
end

-- The ships of a fleet, flagship first then by number.
function U.fleet_ships(w, fleet)
  local out = {}
  for _, id in ipairs(fleet.ships) do
    if w.ships[id] then out[#out + 1] = w.ships[id] end
  end
  table.sort(out, function(a, b)
    if (a.id == fleet.flagship) ~= (b.id == fleet.flagship) then return a.id == fleet.flagship end
    return a.number < b.number
  end)
  return out
end

-- The type codes of a fleet's ships.
function U.fleet_types(w, fleet)
  local out = {}
  for _, s in ipairs(U.fleet_ships(w, fleet)) do out[#out + 1] = s.type end
  return out
end

-- True if a ship carries guns.
function U.armed(ship)
  return ship.gun ~= "none" and U.type(ship).guns > 0
end

-- True if any ship of the fleet is armed.
function U.fleet_armed(w, fleet)
  for _, s in ipairs(U.fleet_ships(w, fleet)) do
    if U.armed(s) then return true end
  end
  return false
end

-- Phases per hex of a fleet outside dust (nil if it cannot move).
function U.fleet_phases(w, fleet)
  return movement.fleet_phases(U.fleet_ships(w, fleet))
end

-- A fleet's speed in its hex (20 step 3c, 9.5): higher acts first; halved while all its ships
-- are cloaked (9.4, 9.5).
function U.fleet_speed(w, fleet)
  local kind = rules.kind[galaxy.kind(fleet.hex)]
  local ships = U.fleet_ships(w, fleet)
  local speed = movement.speed(movement.fleet_phases(ships), kind.dust,
    movement.dust_phases((w.races[fleet.owner] or {}).race_type))
  local cloaked = #ships > 0
  for _, s in ipairs(ships) do cloaked = cloaked and s.cloaked == true end
  if cloaked then speed = speed / C.cloaking.speed_divisor end
  return speed
end

-- True if race a's policy toward b is enemy; the primitives (nil) and every race are enemies
-- (4.1), but for a double diplomat (16.8.1).
function U.enemy(w, a, b)
  if a == b then return false end
  if a == nil or b == nil then
    local race = w.races[a or b]
    return not (race and race_types.count(race.race_type, "diplomat") == 2 and
      rules.const.race_types.diplomat.double_primitive_peace)
  end
  local r = w.races[a]
  return r ~= nil and (r.policy[b] or C.policy.default) == "enemy"
end

-- True if the hex is one where ships meet (systems and black holes, 5.1).
function U.meeting(hex)
  return rules.kind[galaxy.kind(hex)].meeting == true
end

-- The fleets in a hex that are not moving out of it (9.3), by id.
function U.fleets_in(w, hex)
  local out = {}
  for id, f in pairs(w.fleets) do
    if f.hex == hex and not f.target then out[#out + 1] = id end
  end
  table.sort(out)
  return out
end

-- True if armed ships of a race whose policy toward `race` is enemy are in the hex, and no
-- armed ships of `race` or its allies are (9.1 blockade of building; 9.6 repair and refit).
-- Cloaked ships count on neither side (9.4).
function U.blockaded(w, hex, race)
  local hostile, friendly = false, false
  for _, id in ipairs(U.fleets_in(w, hex)) do
    local f = w.fleets[id]
    local armed = false
    for _, s in ipairs(U.fleet_ships(w, f)) do
      armed = armed or (U.armed(s) and not s.cloaked)
    end
    if armed then
      if f.owner == race or (w.races[race].policy[f.owner] == "ally"
          and w.races[f.owner].policy[race] == "ally") then
        friendly = true
      elseif U.enemy(w, f.owner, race) then
        hostile = true
      end
    end
  end
  return hostile and not friendly
end

-- Adds an event line to a race's report for the current phase (0: before the phases).
function U.event(w, race, text)
  if not race or not w.events[race] then return end
  local list = w.events[race]
  list[#list + 1] = { phase = w.phase or 0, text = text }
end

-- The GM hex a race's own coordinates centre on (5): its home, or its team's centre (21.1).
function U.centre(w, race)
  local r = race and w.races[race]
  return r and (r.centre or r.home) or nil
end

-- A hex as a race writes it (its own coordinates, 5).
function U.hex_text(w, race, hex)
  local home = U.centre(w, race)
  if not home then return coords.text(hex) end
  return coords.text(coords.to_race(hex, home))
end

-- The GM hex of a hex a race wrote ("H1417" or "1417"), or nil.
function U.hex_of(w, race, text)
  local shown = coords.parse(tostring(text))
  if not shown then return nil end
  local home = U.centre(w, race)
  if not home then return shown end
  return coords.from_race(shown, home)
end

-- The hexes within `radius` steps of `hex` (wrapping), the hex included.
function U.within(hex, radius)
  local seen, frontier, out = { [hex] = true }, { hex }, { hex }
  for _ = 1, radius do
    local next_frontier = {}
    for _, h in ipairs(frontier) do
      for _, n in ipairs(coords.neighbours(h)) do
        if not seen[n] then
          seen[n] = true
          out[#out + 1] = n
          next_frontier[#next_frontier + 1] = n
        end
      end
    end
    frontier = next_frontier
  end
  return out
end

-- Maps the hexes within `radius` of `hex` for a race (5.4).
function U.map(w, race, hex, radius)
  local mapped = w.charts[race].mapped
  for _, h in ipairs(U.within(hex, radius)) do mapped[h] = true end
end

-- Maps around every ship of a fleet (5.4).
function U.map_fleet(w, fleet)
  local best = 0
  for _, s in ipairs(U.fleet_ships(w, fleet)) do best = math.max(best, range.ship_radius(s)) end
  U.map(w, fleet.owner, fleet.hex, best)
end

-- A ship's ID as written.
function U.ship_text(ship)
  return ships_lib.text(ship.number)
end

-- A ship's ID and type name: "S0102 Corvette".
function U.ship_name(ship)
  return U.ship_text(ship) .. " " .. U.type(ship).name
end

-- The fleet whose flagship has `number`, or nil.
function U.fleet_by_flagship(w, number)
  for id, f in pairs(w.fleets) do
    local s = w.ships[f.flagship]
    if s and s.number == number then return id, f end
  end
  return nil
end

-- The ship with `number`, or nil.
function U.ship_by_number(w, number)
  for id, s in pairs(w.ships) do
    if s.number == number then return id, s end
  end
  return nil
end

-- A new fleet of race `owner` at `hex` (without ships yet); returns its id and record.
function U.new_fleet(w, owner, hex, came_from)
  local id = import("lib/world").temp(w)
  local f = { id = id, owner = owner, hex = hex, progress = 0, came_from = came_from,
    out_of_range = false, orders = {}, ships = {} }
  w.fleets[id] = f
  return id, f
end

-- Puts ship `sid` into fleet `fid` (taking it out of its old fleet first).
function U.put(w, sid, fid)
  local s = w.ships[sid]
  local old = s.fleet and w.fleets[s.fleet]
  if old then
    for i, x in ipairs(old.ships) do
      if x == sid then
        table.remove(old.ships, i)
        break
      end
    end
  end
  s.fleet = fid
  local f = w.fleets[fid]
  f.ships[#f.ships + 1] = sid
  if not f.flagship then f.flagship = sid end
end

-- Repairs a fleet after ships left it: a new flagship keeps its orders (9.2); an empty fleet
-- goes, with its orders.
function U.settle(w, fid)
  local f = w.fleets[fid]
  if not f then return end
  if #f.ships == 0 then
    w.fleets[fid] = nil
    f.gone = true
    return
  end
  if not w.ships[f.flagship] or w.ships[f.flagship].fleet ~= fid then
    local best
    for _, sid in ipairs(f.ships) do
      if not best or w.ships[sid].number < w.ships[best].number then best = sid end
    end
    f.flagship = best
  end
end

-- Takes a ship out of its fleet into a one-ship fleet of its own (no orders); returns the new
-- fleet's id. A flagship alone in its fleet stays where it is.
function U.detach(w, sid)
  local s = w.ships[sid]
  local old = w.fleets[s.fleet]
  if old and #old.ships == 1 then return s.fleet end
  local fid = U.new_fleet(w, s.owner, old.hex, old.came_from)
  U.put(w, sid, fid)
  U.settle(w, old.id)
  return fid
end

-- Removes a ship from the game (destroyed, lost or dismantled).
function U.remove_ship(w, sid)
  local s = w.ships[sid]
  if not s then return end
  local f = w.fleets[s.fleet]
  w.ships[sid] = nil
  if f then
    for i, x in ipairs(f.ships) do
      if x == sid then
        table.remove(f.ships, i)
        break
      end
    end
    U.settle(w, f.id)
  end
end

-- Builds a new ship of `type_code` for race `owner` at `hex` in a fleet of its own; returns
-- the ship and fleet records. Its number is the race's next (9); it gets the race's latest
-- technology (9.6).
function U.new_ship(w, owner, type_code, hex)
  local r = w.races[owner]
  local number, own, pool = ships_lib.next_number(tonumber(owner), r.next_ship,
    w.game.next_pool_ship)
  r.next_ship, w.game.next_pool_ship = own, pool
  local fid, f = U.new_fleet(w, owner, hex, nil)
  local sid = import("lib/world").temp(w)
  local kit = ships_lib.equipment(type_code, r.techs)
  local t = data.ship_type(type_code)
  local s = { id = sid, number = number, type = type_code, owner = owner, damage = 0,
    drive = kit.drive, graviton = kit.graviton, jump = kit.jump, gun = kit.gun,
    shield = kit.shield, scanner = kit.scanner, cloak = kit.cloak, cargo = 0,
    population = t.colonists or 0, built = w.turn }
  w.ships[sid] = s
  U.put(w, sid, fid)
  return s, f
end

-- The colonies of a race, by id.
function U.colonies_of(w, race)
  local out = {}
  for id, c in pairs(w.colonies) do
    if c.owner == race then out[#out + 1] = id end
  end
  table.sort(out)
  return out
end

-- The colony on a planet (by planet record id), or nil.
function U.colony_on(w, planet_id)
  for id, c in pairs(w.colonies) do
    if c.planet == planet_id then return id, c end
  end
  return nil
end

-- A colony's ID as written: "C138".
function U.colony_text(w, colony)
  return string.format("C%03d", w.planets[colony.planet].number)
end

-- The colony with ID number `number` (its planet's number), or nil.
function U.colony_by_number(w, number)
  local pid = w.planet_by_number[number]
  if not pid then return nil end
  return U.colony_on(w, pid)
end

-- The hex of a colony.
function U.colony_hex(w, colony)
  return w.planets[colony.planet].hex
end

-- The weapons the primitives have by turn `turn` (4.1), as a techs map.
function U.primitive_techs(turn)
  local out = {}
  for code, from in pairs(C.primitives.tech_turns) do
    if turn >= from then out[code] = from end
  end
  return out
end

-- The techs of a colony's owner (the primitives' weapons for primitives).
function U.owner_techs(w, owner)
  if owner == nil then return U.primitive_techs(w.turn) end
  return w.races[owner].techs
end

return U
