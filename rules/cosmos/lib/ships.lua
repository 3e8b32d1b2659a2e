-- Ships (sections 9, 9.1, 9.6, 9.8, Table 4): costs, what a colony may build, the equipment a
-- new ship gets, the tech= string of the status report, refits and ship numbers.

local data = import("lib/data")
local race_types = import("lib/race_types")
local techs_lib = import("lib/techs")

local S = {}

local C = rules.const

-- The i.p. cost of a ship type for a race (Table 4 note c: cheaper with Suspended Animation);
-- a race type's `ship_cost` for the type when lower (16.8: a diplomat's ambassador ships).
function S.cost(type_code, techs, race_type)
  local t = data.ship_type(type_code)
  local cost = t.cost
  if t.cheaper and techs_lib.has(techs, t.cheaper_tech) then cost = t.cheaper end
  for _, p in ipairs(race_types.parts(race_type)) do
    local own = (rules.const.race_types[p.type].ship_cost or {})[type_code]
    if own and own < cost then cost = own end
  end
  return cost
end

-- A colony's starport capacity for a turn: starport size times the race's capacity factor (9.1),
-- one more for an administrator, two for a double one (16.3, 16.3.1).
function S.capacity(starport, techs, race_type)
  local factor = C.building.capacity_factor + race_types.bonus(race_type, "starport_factor")
  for _, code in ipairs(sorted_keys(C.building.capacity_techs)) do
    if techs_lib.has(techs, code) then factor = factor + C.building.capacity_techs[code] end
  end
  return starport * factor
end

-- Why a race of type `race_type` may never build a ship of `type_code`, or nil: a type only
-- races of one basic type build (16.7: warlords' pocket battleships and super dreadnoughts).
function S.only_type(type_code, race_type)
  local t = data.ship_type(type_code)
  if t and t.only_type and race_types.count(race_type, t.only_type) == 0 then
    return string.format("only %s races may build %ss (16)", t.only_type, t.name)
  end
  return nil
end

-- Why a colony cannot build a ship of `type_code` now, or nil if it can (9.1). colony =
-- {starport, built_size, ip}; techs and race_type: the owner's.
function S.cannot_build(type_code, colony, techs, race_type)
  local t = data.ship_type(type_code)
  if not t or not t.offered then return "no such ship type in this game" end
  local only = S.only_type(type_code, race_type)
  if only then return only end
  if t.requires and not techs_lib.has(techs, t.requires) then
    return "needs " .. data.tech(t.requires).name
  end
  if t.size > colony.starport then return "the starport is smaller than the ship" end
  if (colony.built_size or 0) + t.size > S.capacity(colony.starport, techs, race_type) then
    return "the starport's capacity for this turn is used up"
  end
  if colony.ip < S.cost(type_code, techs, race_type) then return "not enough i.p." end
  return nil
end

-- The best item of a constants table ({name = {tech, rank}}) the race has, or "none".
local function best(items, techs)
  local pick, rank = "none", 0
  for _, name in ipairs(sorted_keys(items)) do
    local row = items[name]
    if row.rank > rank and techs_lib.has(techs, row.tech) then pick, rank = name, row.rank end
  end
  return pick
end

-- The fastest drive the race has (9.3).
local function best_drive(techs)
  local pick, phases = "standard", C.drives.standard.phases
  for _, name in ipairs(sorted_keys(C.drives)) do
    local row = C.drives[name]
    if row.phases < phases and techs_lib.has(techs, row.tech) then pick, phases = name, row.phases end
  end
  return pick
end

-- What a new ship of `type_code` is fitted with: the race's latest drives, guns, shield and
-- scanner (9.6). Stationary ships get no drives; unarmed ships no guns.
function S.equipment(type_code, techs)
  local t = data.ship_type(type_code)
  local has = function(code) return techs_lib.has(techs, code) end
  local mobile = not t.stationary
  local scanner = "none"
  if has(C.mapping.scanner_tech.tachyon) then
    scanner = "tachyon"
  elseif has(C.mapping.scanner_tech.graviton) then
    scanner = "graviton"
  end
  local jump = "none"
  if mobile and has(C.movement.ultimate_jump_tech) then
    jump = "ultimate"
  elseif mobile and has(C.movement.jump_tech) then
    jump = "jump"
  end
  return {
    drive = mobile and best_drive(techs) or "none",
    graviton = mobile and has(C.movement.graviton_tech),
    jump = jump,
    gun = t.guns > 0 and best(C.guns, techs) or "none",
    shield = best(C.shields, techs),
    scanner = scanner,
    cloak = has(C.cloaking.tech),
  }
end

-- The tech= string of the status report (9.6): main drive, graviton drive, jump drive, guns,
-- shield, scanner, cloak; a dash for each missing ("s--l---" for a new corvette).
function S.tech_string(ship)
  local function letter(rows, name)
    local row = rows[name]
    return row and row.letter or "-"
  end
  local jumps = { jump = "j", ultimate = "u" }
  local scanners = { graviton = "g", tachyon = "t" }
  return letter(C.drives, ship.drive) .. (ship.graviton and "g" or "-") ..
    (jumps[ship.jump] or "-") .. letter(C.guns, ship.gun) .. letter(C.shields, ship.shield) ..
    (scanners[ship.scanner] or "-") .. (ship.cloak and "c" or "-")
end

-- The i.p. a refit of a ship type costs (9.6): half its cost, rounded up.
function S.refit_cost(type_code, techs)
  return math.ceil(S.cost(type_code, techs) / C.building.refit_divisor)
end

-- The number of a race's next ship (9): Srr03, Srr04 ... in its own slot, then the common
-- pool. Returns the number and the race's and the pool's next counters.
function S.next_number(race_number, next_own, next_pool)
  if next_own <= 99 then
    return race_number * 100 + next_own, next_own + 1, next_pool
  end
  return next_pool, next_own, next_pool + 1
end

-- A ship number as players write it: "S0103".
function S.text(number)
  return string.format("S%04d", number)
end

return S
