-- Ship combat arithmetic (section 9.5, 9.5.2, Table 3; COSMOS.md ruling). Table 3 gives the
-- average hull damage of one gun's shot by kind of attack, by whether the target's shield stops
-- the gun, and by the target's armour. Each shot deals that value times a factor drawn evenly
-- from 1 - spread .. 1 + spread, added to what earlier shots in the battle left on the target;
-- whole points become damage and the fraction carries over ("marginal damage"), so over many
-- shots the damage averages the table.

local K = {}

local C = rules.const

-- True if `shield` ("none", "energy", ...) stops `gun` ("laser", ...) (9.5.2).
function K.stops(shield, gun)
  local row = C.shields[shield]
  if not row then return false end
  for _, g in ipairs(row.stops) do
    if g == gun then return true end
  end
  return false
end

-- Table 3's column for an armour value.
local function column(armour)
  for i, a in ipairs(C.combat.armour_columns) do
    if a == armour then return i end
  end
  error("no column of Table 3 for armour " .. tostring(armour), 3)
end

-- The average damage of one shot of `gun` at a target with `shield` and `armour`, in an attack
-- of kind `mode` ("normal", "cloaked", "surprise"; Table 3).
function K.shot_value(gun, shield, armour, mode)
  local rows = C.combat.damage[mode or "normal"]
  local list = K.stops(shield, gun) and rows.shielded or rows.unshielded
  return list[column(armour)]
end

-- One shot of average `value` at `target` ({damage, carry}): returns the whole hull points it
-- dealt (0: marginal damage, kept in target.carry for the next shot of the battle).
function K.shot(target, value)
  local spread = C.combat.spread_percent / 100
  local dealt = value * (1 - spread + 2 * spread * rng.unit())
  local total = (target.carry or 0) + dealt
  local whole = math.floor(total)
  target.carry = total - whole
  target.damage = (target.damage or 0) + whole
  return whole
end

-- An attack of `guns` guns, each firing once at `target` with average `value`: the hull points
-- dealt in all (0 means marginal damage: an attack never does nothing, 9.5).
function K.attack(target, guns, value)
  local dealt = 0
  for _ = 1, guns do dealt = dealt + K.shot(target, value) end
  return dealt
end

-- True once a ship's damage reaches its hull (9.5).
function K.destroyed(ship)
  return ship.damage >= ship.hull
end

-- How a ship's guns split among targets: one attack for 10 guns or fewer, otherwise groups of
-- guns_per_group and a last smaller group (9.5).
function K.gun_groups(guns)
  local size = C.combat.guns_per_group
  if guns <= size then return { guns } end
  local out = {}
  local left = guns
  while left > 0 do
    out[#out + 1] = math.min(size, left)
    left = left - size
  end
  return out
end

-- The target an attacker picks (9.5): among armed targets if there are any, the one it can
-- damage most per shot; ties drawn at random. attacker = {gun}; targets = list of {shield,
-- armour, armed}. Returns an index into targets, or nil if the list is empty.
function K.best_target(attacker, targets, mode)
  local any_armed = false
  for _, t in ipairs(targets) do any_armed = any_armed or t.armed end
  local best, tied = nil, {}
  for i, t in ipairs(targets) do
    if t.armed or not any_armed then
      local v = K.shot_value(attacker.gun, t.shield, t.armour, mode)
      if not best or v > best then
        best, tied = v, { i }
      elseif v == best then
        tied[#tied + 1] = i
      end
    end
  end
  if #tied == 0 then return nil end
  return tied[#tied == 1 and 1 or rng.below(#tied) + 1]
end

-- The order in which units act in a combat segment (9.5) or a phase (20 step 3c): faster first,
-- ties in random order. units = list of {speed}; returns a list of indices.
function K.initiative(units)
  local order, draw = {}, {}
  for i = 1, #units do order[i] = i end
  rng.shuffle(order)
  for pos, i in ipairs(order) do draw[i] = pos end
  table.sort(order, function(a, b)
    if units[a].speed ~= units[b].speed then return units[a].speed > units[b].speed end
    return draw[a] < draw[b]
  end)
  return order
end

return K
