-- Space battles at the end of each phase (sections 9.5, 9.5.1, 20 step 3d). A battle is fought
-- in every star system or black hole where armed ships of a race meet ships of a race it holds
-- an enemy. It lasts combat segments until no armed ship has an enemy target left. In each
-- segment every ship acts once in initiative order (faster first, ties at random): an armed
-- ship fires its guns (in groups of 10 at the best targets, armed ones first, lib/combat.lua);
-- an unarmed ship that has not been attacked yet flees. A ship whose damage reaches its hull is
-- destroyed at the end of the segment, so it still fires back in it. A race attacked by a race
-- it did not hold an enemy is surprised: it does not fire back this phase, shots at it use
-- Table 3's surprise column, and it holds the attacker an enemy from the end of the phase (4).
-- Ships that fled and still face armed enemies after the battle leave their fleets and head
-- back where they came from, or to a neighbour (not dust if they can), or jump to the race's
-- nearest colony with the Ultimate Jump Drive (9.5.1).

local combat = import("lib/combat")
local movement = import("lib/movement")
local U = import("lib/units")

local B = {}

local MAX_SEGMENTS = 50

-- The hexes where a battle may start, in code order.
local function battle_hexes(w)
  local by_hex = {}
  for _, f in pairs(w.fleets) do
    if not f.target and U.meeting(f.hex) then
      local races = by_hex[f.hex] or {}
      races[f.owner] = races[f.owner] or U.fleet_armed(w, f)
      by_hex[f.hex] = races
    end
  end
  local out = {}
  for _, hex in ipairs(sorted_keys(by_hex)) do
    local races = by_hex[hex]
    local hot = false
    for a, armed in pairs(races) do
      if armed then
        for b in pairs(races) do
          if U.enemy(w, a, b) then hot = true end
        end
      end
    end
    if hot then out[#out + 1] = hex end
  end
  return out
end

-- Where a ship that fled the battle in `hex` and may not stay goes, and by which order (9.5.1):
-- "move" back to the hex its fleet came from (`came_from`), or without one to a neighbour it
-- may enter, drawn at random, one that is not dust if the ship is slower in dust and can; a ship
-- with the Ultimate Jump Drive "jump"s instead, to the nearest hex (ties at random) holding a
-- colony of its race other than the battle's, or without one where it would have moved.
-- Returns the verb and the hex, or the verb and nil if there is nowhere to go.
local function flight(w, ship, hex, came_from)
  local back = came_from ~= hex and came_from or nil
  if not back then
    local options, clear = {}, {}
    local slow_in_dust = (movement.drive_phases(ship.drive) or 0) < rules.const.movement.dust_phases
    for _, n in ipairs(galaxy.neighbours(hex)) do
      if movement.may_enter(n, { ship }) then
        options[#options + 1] = n
        if not movement.dust(n) then clear[#clear + 1] = n end
      end
    end
    if slow_in_dust and #clear > 0 then options = clear end
    back = #options > 0 and options[rng.below(#options) + 1] or nil
  end
  if ship.jump ~= "ultimate" then return "move", back end
  local hexes = {}
  for _, c in pairs(w.colonies) do
    if c.owner == ship.owner then hexes[U.colony_hex(w, c)] = true end
  end
  hexes[hex] = nil
  local best, nearest = {}, nil
  for _, at in ipairs(sorted_keys(hexes)) do
    local d = galaxy.distance(hex, at)
    if not nearest or d < nearest then
      best, nearest = { at }, d
    elseif d == nearest then
      best[#best + 1] = at
    end
  end
  if #best > 0 then return "jump", best[rng.below(#best) + 1] end
  return "jump", back
end

-- One battle in `hex`.
local function fight(w, hex)
  local ships = {}
  for _, fid in ipairs(U.fleets_in(w, hex)) do
    local f = w.fleets[fid]
    local speed = U.fleet_speed(w, f)
    for _, s in ipairs(U.fleet_ships(w, f)) do
      s.carry = 0
      ships[#ships + 1] = { ship = s, speed = speed, race = s.owner, armed = U.armed(s),
        t = U.type(s) }
    end
  end
  local races_in = {}
  for _, u in ipairs(ships) do races_in[u.race] = true end
  local function hostile_left()
    for _, a in ipairs(ships) do
      if a.armed and not a.dead and not a.fled then
        for _, b in ipairs(ships) do
          if not b.dead and not b.fled and U.enemy(w, a.race, b.race) then return true end
        end
      end
    end
    return false
  end
  local lost = {}
  local segments = 0
  while segments < MAX_SEGMENTS and hostile_left() do
    segments = segments + 1
    for _, i in ipairs(combat.initiative(ships)) do
      local u = ships[i]
      if not u.dead and not u.fled then
        if u.armed then
          for _, guns in ipairs(combat.gun_groups(u.t.guns)) do
            local targets, list = {}, {}
            for _, v in ipairs(ships) do
              if not v.dead and not v.fled and not v.doomed and U.enemy(w, u.race, v.race) then
                targets[#targets + 1] = v
                list[#list + 1] = { shield = v.ship.shield, armour = v.t.armour, armed = v.armed }
              end
            end
            if #targets == 0 then break end
            local mode = "normal"
            local v = targets[combat.best_target({ gun = u.ship.gun }, list, mode)]
            if not U.enemy(w, v.race, u.race) then
              mode = "surprise"
              w.turned[#w.turned + 1] = { race = v.race, toward = u.race }
            end
            combat.attack(v.ship, guns, combat.shot_value(u.ship.gun, v.ship.shield, v.t.armour,
              mode))
            v.attacked = true
            if v.ship.damage >= v.t.hull then v.doomed = true end
          end
        elseif not u.attacked then
          local threatened = false
          for _, v in ipairs(ships) do
            if v.armed and not v.dead and not v.fled and U.enemy(w, v.race, u.race) then
              threatened = true
            end
          end
          if threatened then u.fled = true end
        end
      end
    end
    for _, u in ipairs(ships) do
      if u.doomed and not u.dead then
        u.dead = true
        lost[#lost + 1] = u
      end
    end
  end
  -- Report lines: every race in the battle reads what each side lost.
  local names = {}
  for _, r in ipairs(sorted_keys(races_in)) do names[#names + 1] = r end
  for _, r in ipairs(names) do
    U.event(w, r, string.format("Battle at %s among races %s: %d segment%s", U.hex_text(w, r, hex),
      table.concat(names, ", "), segments, segments == 1 and "" or "s"))
  end
  for _, u in ipairs(lost) do
    for _, r in ipairs(names) do
      U.event(w, r, string.format("  %s of race %s destroyed", U.ship_name(u.ship), u.race))
    end
    w.lost[#w.lost + 1] = { race = u.race, text = U.ship_name(u.ship), phase = w.phase,
      hex = hex, cost = u.t.cost }
    U.remove_ship(w, u.ship.id)
  end
  -- Ships that fled: they stay if no armed enemy is left, else they head back (9.5.1).
  for _, u in ipairs(ships) do
    if u.fled and w.ships[u.ship.id] then
      local threatened = false
      for _, v in ipairs(ships) do
        if v.armed and not v.dead and U.enemy(w, v.race, u.race) then threatened = true end
      end
      if threatened then
        local verb, back = flight(w, u.ship, hex, w.fleets[u.ship.fleet].came_from)
        local fid = U.detach(w, u.ship.id)
        local f = w.fleets[fid]
        f.orders = {}
        if back and u.ship.drive ~= "none" then
          f.orders = { { verb = verb, args = { U.hex_text(w, f.owner, back) }, given = w.turn,
            line = 0, begun = 0, done = 0, embedded = {} } }
        end
        U.event(w, u.race, string.format("%s fled the battle at %s", U.ship_name(u.ship),
          U.hex_text(w, u.race, hex)))
      end
    end
  end
  for _, u in ipairs(ships) do
    if w.ships[u.ship.id] then w.in_combat[u.ship.id] = true end
  end
end

-- Fights every battle of the phase.
function B.run(w)
  for _, hex in ipairs(battle_hexes(w)) do fight(w, hex) end
end

return B
