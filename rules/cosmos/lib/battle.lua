-- Space battles at the end of each phase (sections 9.4, 9.5, 9.5.1, 20 step 3d). A battle is
-- fought in every star system or black hole where armed ships of a race meet ships of a race it
-- holds an enemy and sees. It lasts combat segments until no armed ship has an enemy target
-- left. In each
-- segment every ship acts once in initiative order (faster first, ties at random): an armed
-- ship fires its guns (in groups of 10 at the best targets, armed ones first, lib/combat.lua);
-- an unarmed ship that has not been attacked yet flees. A ship whose damage reaches its hull is
-- destroyed at the end of the segment, so it still fires back in it. A race attacked by a race
-- it did not hold an enemy is surprised: it does not fire back this phase, shots at it use
-- Table 3's surprise column, and it holds the attacker an enemy from the end of the phase (4).
-- Ships that fled and still face armed enemies after the battle leave their fleets and head
-- back where they came from, or to a neighbour (not dust if they can), or jump to the race's
-- nearest colony with the Ultimate Jump Drive (9.5.1). Each attack is reported with its guns,
-- the target's shield, the damage (or marginal damage) and what the target has left, and the
-- losses of each side (9.5).

local cloak = import("lib/cloak")
local combat = import("lib/combat")
local movement = import("lib/movement")
local U = import("lib/units")
local victory = import("lib/victory")
local words = import("lib/words")

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

-- Words for one gun type: "laser", "ion cannon" ... (9.5.2).
local GUN_NAMES = { laser = { "laser", "lasers" }, ion = { "ion cannon", "ion cannons" },
  antimatter = { "antimatter gun", "antimatter guns" },
  disruptor = { "disruptor", "disruptors" } }

-- "2 lasers", "1 ion cannon".
local function guns_text(n, gun)
  local names = GUN_NAMES[gun] or { gun, gun }
  return string.format("%d %s", n, n == 1 and names[1] or names[2])
end

-- A ship in a battle line: "S0102 Corvette of race 1".
local function who(u)
  return string.format("%s of race %s", U.ship_name(u.ship), u.race)
end

-- One battle in `hex` (9.5, 9.4). Every ship acts once a segment in initiative order (faster
-- first, cloaked ships at half speed); an armed ship fires its gun groups at the best targets
-- its race sees; an unarmed one that has not been attacked flees if an armed enemy sees it.
-- A ship seen by no enemy (cloaked, and no Tachyon Scanner of the enemy or its allies in the
-- hex) can only be fired at once it has fired or been fired at: then it is seen for the rest of
-- the battle. A race that saw no enemy ship when the battle began was unprepared: its ships do
-- not fire in the first segment, and cloaked ships they do not see attack them by Table 3's
-- surprise column (the cloaked column if they were prepared). Every line of the battle goes to
-- the races that fought in it.
local function fight(w, hex)
  local ships = {}
  for _, fid in ipairs(U.fleets_in(w, hex)) do
    local f = w.fleets[fid]
    local phases = movement.fleet_phases(U.fleet_ships(w, f))
    local base = movement.speed(phases, movement.dust(hex),
      movement.dust_phases((w.races[f.owner] or {}).race_type))
    for _, s in ipairs(U.fleet_ships(w, f)) do
      s.carry = 0
      ships[#ships + 1] = { ship = s, race = s.owner, armed = U.armed(s), t = U.type(s),
        speed = s.cloaked and base / rules.const.cloaking.speed_divisor or base }
    end
  end
  local detects = {}
  for _, u in ipairs(ships) do
    if detects[u.race] == nil then detects[u.race] = cloak.detects(w, u.race, hex) end
  end
  -- True if race `race` sees ship unit `u` now.
  local function sees(race, u)
    return u.race == race or not u.ship.cloaked or u.revealed or detects[race]
  end
  local function live(u) return not u.dead and not u.fled end
  local function hostile_left()
    for _, a in ipairs(ships) do
      if a.armed and live(a) then
        for _, b in ipairs(ships) do
          if live(b) and not b.doomed and U.enemy(w, a.race, b.race) and sees(a.race, b) then
            return true
          end
        end
      end
    end
    return false
  end
  if not hostile_left() then return end
  -- A race is prepared if it sees an enemy ship as the battle begins (9.4).
  -- The races in the battle: those of armed ships that see an enemy, and of the ships they
  -- see; more join as unseen ships fire or are fired at.
  local prepared, fought = {}, {}
  for _, a in ipairs(ships) do
    for _, b in ipairs(ships) do
      if U.enemy(w, a.race, b.race) and sees(a.race, b) then
        prepared[a.race] = true
        if a.armed then fought[a.race], fought[b.race] = true, true end
      end
    end
  end
  local lines = {}
  local function line(text) lines[#lines + 1] = text end
  local lost = {}
  local segments = 0
  while segments < MAX_SEGMENTS and hostile_left() do
    segments = segments + 1
    for _, i in ipairs(combat.initiative(ships)) do
      local u = ships[i]
      if live(u) and u.armed and (prepared[u.race] or segments > 1) then
        for _, guns in ipairs(combat.gun_groups(u.t.guns)) do
          local targets, list = {}, {}
          for _, v in ipairs(ships) do
            if live(v) and not v.doomed and U.enemy(w, u.race, v.race) and sees(u.race, v) then
              targets[#targets + 1] = v
              list[#list + 1] = { shield = v.ship.shield, armour = v.t.armour, armed = v.armed }
            end
          end
          if #targets == 0 then break end
          local v = targets[combat.best_target({ gun = u.ship.gun }, list, "normal")]
          local mode, how = "normal", ""
          if not U.enemy(w, v.race, u.race) then
            mode, how = "surprise", ", a surprise attack"
            w.turned[#w.turned + 1] = { race = v.race, toward = u.race }
          elseif not sees(v.race, u) then
            if prepared[v.race] then
              mode, how = "cloaked", ", unseen"
            else
              mode, how = "surprise", ", unseen and unexpected"
            end
          end
          local before = v.ship.damage
          combat.attack(v.ship, guns, combat.shot_value(u.ship.gun, v.ship.shield, v.t.armour,
            mode))
          local dealt = v.ship.damage - before
          u.revealed, v.revealed, v.attacked = true, true, true
          fought[u.race], fought[v.race] = true, true
          u.fired = true
          local result
          if v.ship.damage >= v.t.hull then
            v.doomed, v.killer = true, u.race
            result = string.format("%d damage: destroyed", dealt)
          elseif dealt > 0 then
            result = string.format("%d damage, %d d.p. left", dealt, v.t.hull - v.ship.damage)
          else
            result = "marginal damage"
          end
          local shield = v.ship.shield ~= "none" and string.format(" (%s shield%s)",
            v.ship.shield, combat.stops(v.ship.shield, u.ship.gun) and ", which stops them" or
            "") or ""
          line(string.format("  Segment %d: %s fired %s at %s%s%s: %s", segments, who(u),
            guns_text(guns, u.ship.gun), who(v), shield, how, result))
        end
      elseif live(u) and not u.armed and not u.attacked then
        for _, v in ipairs(ships) do
          if v.armed and live(v) and U.enemy(w, v.race, u.race) and sees(v.race, u) then
            u.fled = true
          end
        end
        if u.fled then
          fought[u.race] = true
          line(string.format("  Segment %d: %s fled", segments, who(u)))
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
  -- Report lines: every race that fought reads the battle, each side's losses last.
  local names = sorted_keys(fought)
  table.sort(names, function(a, b) return tonumber(a) < tonumber(b) end)
  local losses = {}
  for _, u in ipairs(lost) do
    local l = losses[u.race] or { n = 0, ip = 0, types = {} }
    losses[u.race] = l
    l.n, l.ip = l.n + 1, l.ip + u.t.cost
    l.types[#l.types + 1] = u.t.name
  end
  for _, r in ipairs(names) do
    U.event(w, r, string.format("Battle at %s among races %s: %s", U.hex_text(w, r, hex),
      table.concat(names, ", "), words.count(segments, "segments")))
    for _, text in ipairs(lines) do U.event(w, r, text) end
    for _, x in ipairs(names) do
      local l = losses[x]
      U.event(w, r, string.format("  Race %s lost %s", x, l and string.format("%s (%s; %d " ..
        "i.p.)", words.count(l.n, "ships"), table.concat(l.types, ", "), l.ip) or "nothing"))
    end
  end
  for _, u in ipairs(lost) do
    victory.destroyed(w, u.killer, u.race, u.ship.population or 0)
    w.lost[#w.lost + 1] = { race = u.race, text = U.ship_name(u.ship), phase = w.phase,
      hex = hex, cost = u.t.cost }
    U.remove_ship(w, u.ship.id)
  end
  -- Ships that fled: they stay if no armed enemy that sees them is left, else they head back
  -- (9.5.1).
  for _, u in ipairs(ships) do
    if u.fled and w.ships[u.ship.id] then
      local threatened = false
      for _, v in ipairs(ships) do
        if v.armed and not v.dead and U.enemy(w, v.race, u.race) and sees(v.race, u) then
          threatened = true
        end
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
  -- No repairs in space this phase for the ships that fought (9.6).
  for _, u in ipairs(ships) do
    if (u.fired or u.attacked or u.fled) and w.ships[u.ship.id] then
      w.in_combat[u.ship.id] = true
    end
  end
end

-- Fights every battle of the phase.
function B.run(w)
  for _, hex in ipairs(battle_hexes(w)) do fight(w, hex) end
end

return B
