-- How far a race reaches: the command range of its colonies (section 2.2) and the mapping
-- radius of its colonies and ships (section 5.4). Distances are hex steps with wrap-around.

local data = import("lib/data")
local techs_lib = import("lib/techs")

local R = {}

local C = rules.const

-- True if every type code in `types` is in `list`.
local function all_in(types, list)
  if #types == 0 then return false end
  for _, t in ipairs(types) do
    local ok = false
    for _, x in ipairs(list) do ok = ok or x == t end
    if not ok then return false end
  end
  return true
end

-- True if a fleet at `hex` of ships of these type codes may receive orders (2.2): within range
-- of a colony hex (the fleet's hex counted, the colony's not: distance <= range), or made only
-- of scouts and explorers, or the race has the Tachyon Communicator. With no colony left, only
-- fleets holding colony transports or exodus ships (and scout fleets) take orders.
function R.in_command(hex, types, colony_hexes, techs, race_type)
  if techs_lib.has(techs, C.command.unlimited_tech) then return true end
  if all_in(types, C.command.unlimited_types) then return true end
  if #colony_hexes == 0 then
    for _, t in ipairs(types) do
      for _, x in ipairs(C.command.transport_types) do
        if x == t then return true end
      end
    end
    return false
  end
  for _, c in ipairs(colony_hexes) do
    if galaxy.distance(hex, c) <= R.command_range(race_type) then return true end
  end
  return false
end

-- A race's command range in hexes (2.2): a traveller's is longer (16.6).
function R.command_range(race_type)
  return import("lib/race_types").best(race_type, "command_range", C.command.range)
end

-- The scanner bonus to mapping radius (5.4): tachyon replaces graviton, they do not add up.
local function scanner_bonus(scanner)
  if scanner == "tachyon" then return C.mapping.tachyon_scanner end
  if scanner == "graviton" then return C.mapping.graviton_scanner end
  return 0
end

-- The mapping radius of a ship (5.4): 1, or 2 for explorers, plus its scanner's bonus.
function R.ship_radius(ship)
  local t = data.ship_type(ship.type)
  local base = t.explorer and C.mapping.explorer or C.mapping.ship
  return base + scanner_bonus(ship.scanner)
end

-- How many hexes away a fleet of `ships` may explore (10): its best scanner's reach, 0 (its own
-- hex only) without one.
function R.explore_reach(ships)
  local reach = 0
  for _, s in ipairs(ships) do
    reach = math.max(reach, C.exploration.scanner_reach[s.scanner] or 0)
  end
  return reach
end

-- The mapping radius of a colony (5.4): 4, plus the race's best scanner's bonus.
function R.colony_radius(techs)
  local scanner = "none"
  if techs_lib.has(techs, C.mapping.scanner_tech.tachyon) then
    scanner = "tachyon"
  elseif techs_lib.has(techs, C.mapping.scanner_tech.graviton) then
    scanner = "graviton"
  end
  return C.mapping.colony + scanner_bonus(scanner)
end

return R
