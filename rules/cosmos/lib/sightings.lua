-- Other races' fleets each race sees during a turn (3 "map notes", 5): ships meet only in star
-- systems and black hole hexes, so a race sees the fleets of other races in every such hex where
-- it has a fleet or a colony. A fleet moving out of a hex is still in it (9.3). Cloaked ships
-- are seen only where the race detects them (lib/cloak.lua, 9.4). Observed after the fleets act
-- in each phase and once more at the end of the turn; the report lists the last sighting of
-- each fleet, with its phase unless the fleet is still seen at the end.

local U = import("lib/units")
local cloak = import("lib/cloak")

local S = {}

-- What a race sees of one fleet: its flagship, owner, ship types and guns (not where it is
-- going: that would tell its orders).
local function describe(w, race, f)
  local count, guns, by_type, order = 0, 0, {}, {}
  for _, s in ipairs(U.fleet_ships(w, f)) do
    if cloak.sees(w, race, s) then
      count = count + 1
      if U.armed(s) then guns = guns + U.type(s).guns end
      local name = U.type(s).name
      if not by_type[name] then
        by_type[name] = 0
        order[#order + 1] = name
      end
      by_type[name] = by_type[name] + 1
    end
  end
  local types = {}
  for i, name in ipairs(order) do types[i] = by_type[name] .. " " .. name end
  local flag = w.ships[f.flagship]
  return { fleet = flag and U.ship_text(flag) or "?", owner = f.owner, ships = count,
    guns = guns, types = table.concat(types, ", "), hex = U.hex_text(w, race, f.hex), at = f.hex }
end

-- Notes what every race sees in `phase` (1-12; after the last phase: the end of the turn).
function S.observe(w, phase)
  w.sightings = w.sightings or {}
  local fleets_at, present = {}, {}
  for _, id in ipairs(sorted_keys(w.fleets)) do
    local f = w.fleets[id]
    if not f.gone and U.meeting(f.hex) then
      local list = fleets_at[f.hex]
      if not list then
        list = {}
        fleets_at[f.hex] = list
        present[f.hex] = {}
      end
      list[#list + 1] = f
      present[f.hex][f.owner] = true
    end
  end
  for _, c in pairs(w.colonies) do
    local hex = c.owner and U.colony_hex(w, c)
    if hex and present[hex] then present[hex][c.owner] = true end
  end
  for _, hex in ipairs(sorted_keys(fleets_at)) do
    for _, race in ipairs(sorted_keys(present[hex])) do
      for _, f in ipairs(fleets_at[hex]) do
        if f.owner ~= race and cloak.sees_fleet(w, race, f) then
          local seen = w.sightings[race] or {}
          w.sightings[race] = seen
          local d = describe(w, race, f)
          d.phase = phase
          seen[f.id] = d
        end
      end
    end
  end
end

-- The sightings of a race, by fleet id order.
function S.of(w, race)
  local seen = w.sightings and w.sightings[race] or {}
  local out = {}
  for _, id in ipairs(sorted_keys(seen)) do out[#out + 1] = seen[id] end
  return out
end

return S
