-- What fleets do with their orders (sections 9.2, 9.3, 9.3.1, 9.3.2, 9.7.1, 10, 10.2,
-- 11.1-11.3). Each executor takes the world, the fleet and the order ({verb, args = words, done,
-- begun, embedded}) and returns two flags: the order took the phase, and the order is finished.

local O = import("orders")
local bombing = import("lib/bombing")
local cloak = import("lib/cloak")
local combat = import("lib/combat")
local movement = import("lib/movement")
local population = import("lib/population")
local race_types = import("lib/race_types")
local range = import("lib/range")
local salvage = import("lib/salvage")
local techs_lib = import("lib/techs")
local AC = import("lib/act_colony")
local U = import("lib/units")
local victory = import("lib/victory")
local words = import("lib/words")

local A = {}

local C = rules.const

-- The fleet's ID text: its flagship's.
local function fid_text(w, f)
  return U.ship_text(w.ships[f.flagship])
end

-- ---------------------------------------------------------------------------------------------
-- Movement (9.3)

-- Moves the fleet one phase toward the adjacent hex `to`: returns "arrived", "moving" or
-- "blocked" (it cannot enter, or cannot move at all).
local function step(w, f, to)
  local ships = U.fleet_ships(w, f)
  local phases = movement.fleet_phases(ships)
  if not phases then return "blocked" end
  if not f.target then
    if galaxy.distance(f.hex, to) ~= 1 or not movement.may_enter(to, ships) then
      return "blocked"
    end
    f.target, f.progress = to, 0
  end
  local need = movement.hex_step_phases(f.hex, f.target, phases,
    movement.dust_phases(w.races[f.owner].race_type))
  if cloak.all_cloaked(ships) then need = need * C.cloaking.phases_factor end
  f.progress = f.progress + 1
  if f.progress >= need then
    f.came_from, f.hex, f.target, f.progress = f.hex, f.target, nil, 0
    U.map_fleet(w, f)
    return "arrived"
  end
  return "moving"
end

-- The phase in which a moving fleet next enters a hex (3: begun-x).
local function next_arrival(w, f)
  if not f.target then return w.phase end
  local phases = U.fleet_phases(w, f) or 1
  local need = movement.hex_step_phases(f.hex, f.target, phases,
    movement.dust_phases(w.races[f.owner].race_type))
  if cloak.all_cloaked(U.fleet_ships(w, f)) then need = need * C.cloaking.phases_factor end
  return w.phase + need - f.progress
end

-- move hexes... (9.3): every hex of the path in turn; a gap stops the move.
function A.move(w, f, o)
  local done = o.done or 0
  local to = U.hex_of(w, f.owner, o.args[done + 1])
  if not to then return false, true end
  local result = step(w, f, to)
  if result == "blocked" then
    U.event(w, f.owner, string.format("%s: move stopped: cannot move to %s", fid_text(w, f),
      o.args[done + 1]))
    return false, true
  end
  if result == "arrived" then
    o.done = done + 1
    U.event(w, f.owner, string.format("%s moved to %s", fid_text(w, f),
      U.hex_text(w, f.owner, f.hex)))
    if o.done >= #o.args then return true, true end
  end
  o.begun = next_arrival(w, f)
  return true, false
end

-- farmove hexes... (9.3): the fastest path to each hex given, ties at random.
function A.farmove(w, f, o)
  local done = o.done or 0
  local goal = U.hex_of(w, f.owner, o.args[done + 1])
  while goal and goal == f.hex and not f.target do
    done = done + 1
    o.done = done
    goal = U.hex_of(w, f.owner, o.args[done + 1])
  end
  if not goal then return false, true end
  local to = f.target
  if not to then
    local ships = U.fleet_ships(w, f)
    local phases = movement.fleet_phases(ships)
    local path = phases and movement.fastest_path(f.hex, goal, phases, ships,
      movement.dust_phases(w.races[f.owner].race_type))
    if not path then
      U.event(w, f.owner, string.format("%s: farmove stopped: no way to %s", fid_text(w, f),
        o.args[done + 1]))
      return false, true
    end
    to = path[1]
  end
  local result = step(w, f, to)
  if result == "blocked" then return false, true end
  if result == "arrived" then
    U.event(w, f.owner, string.format("%s moved to %s", fid_text(w, f),
      U.hex_text(w, f.owner, f.hex)))
    if f.hex == goal then
      o.done = done + 1
      if o.done >= #o.args then return true, true end
    end
  end
  o.begun = next_arrival(w, f)
  return true, false
end

-- sneak and farsneak (9.4): move and farmove with the fleet cloaked, at half speed; only a
-- fleet whose every ship has a cloaking device may, and it cloaks as it begins.
local function sneaking(w, f, o, verb, mover)
  if not cloak.all_fitted(U.fleet_ships(w, f)) then
    U.event(w, f.owner, string.format("%s: %s refused: not every ship of the fleet has a " ..
      "cloaking device", fid_text(w, f), verb))
    return false, true
  end
  if cloak.set(w, f, true) > 0 then
    U.event(w, f.owner, string.format("%s cloaked to %s", fid_text(w, f), verb))
  end
  return mover(w, f, o)
end

function A.sneak(w, f, o)
  return sneaking(w, f, o, "sneak", A.move)
end

function A.farsneak(w, f, o)
  return sneaking(w, f, o, "farsneak", A.farmove)
end

-- cloak and uncloak (9.4): the fleet's ships with a cloaking device cloak (uncloak); no time.
local function set_cloak(w, f, on)
  local verb = on and "cloak" or "uncloak"
  local fitted = false
  for _, s in ipairs(U.fleet_ships(w, f)) do fitted = fitted or s.cloak == true end
  if not fitted then
    U.event(w, f.owner, string.format("%s: %s refused: no ship of the fleet has a cloaking " ..
      "device", fid_text(w, f), verb))
    return false, true
  end
  local n = cloak.set(w, f, on)
  U.event(w, f.owner, string.format("%s %s: %s", fid_text(w, f), on and "cloaked" or
    "uncloaked", n == 0 and (on and "already cloaked" or "already seen") or
    words.count(n, "ships")))
  return false, true
end

function A.cloak(w, f)
  return set_cloak(w, f, true)
end

function A.uncloak(w, f)
  return set_cloak(w, f, false)
end

-- Puts the fleet in `to` at once (a flip or jump, 9.3.1, 9.3.2): it came from no neighbouring
-- hex, so ships that flee a battle there go to a random neighbour (9.5.1). Ships without the
-- Graviton Drive that arrive in a black hole are destroyed (9.3.2).
local function arrive(w, f, to, verb)
  local race = f.owner
  f.hex, f.target, f.progress, f.came_from = to, nil, 0, nil
  U.event(w, race, string.format("%s %s to %s", fid_text(w, f), verb == "flip" and "flipped" or
    "jumped", U.hex_text(w, race, to)))
  if movement.black_hole(to) then
    for _, s in ipairs(U.fleet_ships(w, f)) do
      if not s.graviton then
        U.event(w, race, string.format("%s was destroyed in the black hole at %s: no Graviton " ..
          "Drive", U.ship_name(s), U.hex_text(w, race, to)))
        w.lost[#w.lost + 1] = { race = race, text = U.ship_name(s), phase = w.phase, hex = to,
          cost = U.type(s).cost }
        U.remove_ship(w, s.id)
      end
    end
  end
  if not f.gone then U.map_fleet(w, f) end
end

-- flip hex (9.3.1) and jump hex (9.3.2): one phase, whatever the distance; refused (no time)
-- with a line in the race's report when a ship lacks the drive or the hexes do not allow it.
local function leap(w, f, o, verb)
  local to = U.hex_of(w, f.owner, o.args[1])
  local why
  if not to then
    why = "no such hex"
  elseif f.target then
    why = "the fleet is moving between hexes"
  elseif verb == "flip" then
    why = movement.cannot_flip(f.hex, to, U.fleet_ships(w, f))
  else
    why = movement.cannot_jump(f.hex, to, U.fleet_ships(w, f))
  end
  if why then
    U.event(w, f.owner, string.format("%s: %s %s refused: %s", fid_text(w, f), verb,
      tostring(o.args[1]), why))
    return false, true
  end
  arrive(w, f, to, verb)
  return true, true
end

-- flip hex (9.3.1): from a black hole to any hex within flip_range.
function A.flip(w, f, o)
  return leap(w, f, o, "flip")
end

-- jump hex (9.3.2): empty space to empty space, or anywhere with the Ultimate Jump Drive.
function A.jump(w, f, o)
  return leap(w, f, o, "jump")
end

-- ---------------------------------------------------------------------------------------------
-- Exploration (10)

-- True if the fleet is safe from exploration hazard in `hex` (10).
local function safe(w, f, hex)
  if w.charts[f.owner].explored[hex] then return true end
  if techs_lib.has(w.races[f.owner].techs, C.mapping.scanner_tech.graviton) then return true end
  for _, p in ipairs(race_types.parts(w.races[f.owner].race_type)) do
    if rules.const.race_types[p.type].safe_exploring then return true end  -- survivors (16.4)
  end
  for _, s in ipairs(U.fleet_ships(w, f)) do
    if U.armed(s) or s.scanner ~= "none" then return true end
    for _, t in ipairs(C.exploration.safe_types) do
      if s.type == t then return true end
    end
  end
  return false
end

-- Records what race `race` sees of the planets of `hex` (10): a survey per planet.
function A.survey(w, race, hex)
  for _, pid in ipairs(w.planets_in[hex] or {}) do
    local p = w.planets[pid]
    local _, c = U.colony_on(w, pid)
    w.surveys[race .. ":" .. pid] = { race = race, planet = pid, turn = w.turn, kind = p.kind,
      size = p.size, minerals = p.minerals, name = p.name, colony = c ~= nil,
      owner = c and c.owner or nil,
      salvage = (p.salvage_industries or 0) + (p.salvage_starport or 0) +
        (p.salvage_research or 0) > 0 }
  end
  w.charts[race].explored[hex] = true
  w.charts[race].mapped[hex] = true
end

-- What a fleet with a tachyon scanner learns of the hex it explores (14.2.3): the population and
-- planet shields of every colony there, and the ships there of other races, cloaked or not, by
-- race and type; as lines of its race's event report.
local function tachyon_lines(w, f, hex)
  local race = f.owner
  for _, pid in ipairs(w.planets_in[hex] or {}) do
    local _, c = U.colony_on(w, pid)
    if c and c.owner ~= race then
      U.event(w, race, string.format("  %s of %s: %s, %s (tachyon scanner)", U.colony_text(w, c),
        c.owner and "race " .. c.owner or "the primitives", words.count(c.population or 0,
        "population units"), words.count(c.shields or 0, "shields")))
    end
  end
  local by = {}
  for _, id in ipairs(U.fleets_in(w, hex)) do
    local g = w.fleets[id]
    if g.owner ~= race then
      for _, s in ipairs(U.fleet_ships(w, g)) do
        local key = g.owner
        by[key] = by[key] or {}
        local name = U.type(s).name
        by[key][name] = (by[key][name] or 0) + 1
      end
    end
  end
  local owners = sorted_keys(by)
  table.sort(owners, function(a, b) return tonumber(a) < tonumber(b) end)
  for _, owner in ipairs(owners) do
    local parts = {}
    for _, name in ipairs(sorted_keys(by[owner])) do
      parts[#parts + 1] = string.format("%d %s", by[owner][name], name)
    end
    U.event(w, race, string.format("  Ships of race %s there: %s (tachyon scanner)", owner,
      table.concat(parts, ", ")))
  end
end

-- The fleet explores `hex` (10): exploration hazard first; returns false if the fleet is lost.
function A.explore_hex(w, f, hex)
  local race, before = f.owner, fid_text(w, f)
  if U.meeting(hex) and not safe(w, f, hex) then
    for _, s in ipairs(U.fleet_ships(w, f)) do
      if rng.below(100) < C.exploration.hazard_percent then
        U.event(w, race, string.format("%s of the fleet %s was lost exploring %s",
          U.ship_name(s), before, U.hex_text(w, race, hex)))
        w.lost[#w.lost + 1] = { race = race, text = U.ship_name(s), phase = w.phase, hex = hex,
          cost = U.type(s).cost }
        U.remove_ship(w, s.id)
      end
    end
    if f.gone then return false end
  end
  A.survey(w, race, hex)
  local n = #(w.planets_in[hex] or {})
  -- The fleet as it is named now: its flagship may have been lost (9.2).
  U.event(w, race, string.format("%s explored %s: %s", fid_text(w, f), U.hex_text(w, race, hex),
    words.count(n, "planets")))
  for _, s in ipairs(U.fleet_ships(w, f)) do
    if s.scanner == "tachyon" then
      tachyon_lines(w, f, hex)
      break
    end
  end
  return true
end

-- explore [hexes...] (10): one hex a phase; the fleet's own hex if none is given. Hexes next to
-- the fleet need a scanner.
function A.explore(w, f, o)
  local done = o.done or 0
  local hex = f.hex
  if #o.args > 0 then hex = U.hex_of(w, f.owner, o.args[done + 1]) end
  local reach = range.explore_reach(U.fleet_ships(w, f))
  if not hex or galaxy.distance(f.hex, hex) > reach then
    U.event(w, f.owner, string.format("%s: explore %s: out of the fleet's reach",
      fid_text(w, f), tostring(o.args[done + 1])))
  elseif not A.explore_hex(w, f, hex) then
    return true, true
  end
  o.done = done + 1
  return true, o.done >= math.max(1, #o.args)
end

-- ---------------------------------------------------------------------------------------------
-- Colonization (10.2)

local RANK = { terran = 1, subterran = 2, minimal = 3, barren = 4 }

-- The planets of a hex a colony may go on, best first (10.2).
local function best_planets(w, hex)
  local out = {}
  for _, pid in ipairs(w.planets_in[hex] or {}) do
    if RANK[w.planets[pid].kind] then out[#out + 1] = pid end
  end
  table.sort(out, function(a, b)
    local pa, pb = w.planets[a], w.planets[b]
    if RANK[pa.kind] ~= RANK[pb.kind] then return RANK[pa.kind] < RANK[pb.kind] end
    if pa.size ~= pb.size then return pa.size > pb.size end
    if pa.minerals ~= pb.minerals then return pa.minerals > pb.minerals end
    return pa.number < pb.number
  end)
  return out
end
A.best_planets = best_planets

-- The planet a colonize order goes for: the one named, or the best free one, or the best with
-- one of the race's colonies (10.2).
local function colonize_target(w, f, arg)
  local n = O.planet(arg)
  if n then
    local pid = w.planet_by_number[n]
    if pid and w.planets[pid].hex == f.hex then return pid end
    return nil
  end
  local list = best_planets(w, f.hex)
  for _, pid in ipairs(list) do
    if not U.colony_on(w, pid) then return pid end
  end
  for _, pid in ipairs(list) do
    local _, c = U.colony_on(w, pid)
    if c and c.owner == f.owner then return pid end
  end
  return nil
end

-- A new colony of `race` on planet `pid` with `pop` colonists (10.2, 11.4 salvage).
function A.found(w, race, pid, pop, orders)
  local p = w.planets[pid]
  local remains
  if (p.salvage_industries or 0) + (p.salvage_starport or 0) + (p.salvage_research or 0) +
      (p.salvage_ip or 0) > 0 then
    remains = { industries = p.salvage_industries, starport = p.salvage_starport,
      research = p.salvage_research, ip = p.salvage_ip, from = p.salvage_from }
  end
  local got = salvage.founding(remains, race, w.races[race].race_type)
  local id = import("lib/world").temp(w)
  local c = { id = id, planet = pid, owner = race, population = pop,
    industries = got.industries, starport = got.starport, bases = 0, research = got.research,
    shields = 0, ip = got.ip, reserved = 0, reserved_until = 0, built_size = 0,
    founded = w.turn, growth_capped = false, happy = false, orders = orders or {} }
  w.colonies[id] = c
  p.salvage_industries, p.salvage_starport, p.salvage_research, p.salvage_ip = 0, 0, 0, 0
  p.salvage_from = nil
  w.dirty_planets[pid] = true
  U.map(w, race, p.hex, range.colony_radius(w.races[race].techs))
  A.survey(w, race, p.hex)
  return c
end

-- colonize [planet or *] (10.2): one phase; the colonists of the fleet's colony transports
-- and exodus ships found a colony (or join the race's own), as many as there is room for.
function A.colonize(w, f, o)
  local race = f.owner
  local colonists = false
  for _, s in ipairs(U.fleet_ships(w, f)) do
    colonists = colonists or (U.type(s).colonists or 0) > 0
  end
  if not colonists then
    U.event(w, race, string.format("%s: colonize refused: the fleet has no colony transport " ..
      "or exodus ship", fid_text(w, f)))
    return false, true
  end
  if not w.charts[race].explored[f.hex] then
    if not A.explore_hex(w, f, f.hex) then return true, true end
  end
  local id = fid_text(w, f)
  local pid = colonize_target(w, f, o.args[1])
  local c = pid and select(2, U.colony_on(w, pid)) or nil
  if not pid or (c and c.owner ~= race) then
    U.event(w, race, string.format("%s: colonize: no planet to colonize here", id))
    return true, true
  end
  local p = w.planets[pid]
  local techs = w.races[race].techs
  local room = population.limit(p.kind, p.size, techs, w.races[race].race_type) -
    (c and c.population or 0)
  local carriers = {}
  for _, s in ipairs(U.fleet_ships(w, f)) do
    if (U.type(s).colonists or 0) > 0 and s.population > 0 then carriers[#carriers + 1] = s end
  end
  -- The flagship goes last (10.2).
  table.sort(carriers, function(a, b)
    if (a.id == f.flagship) ~= (b.id == f.flagship) then return b.id == f.flagship end
    return a.number < b.number
  end)
  local pop, dissolved = 0, {}
  for _, s in ipairs(carriers) do
    if s.population <= room then
      room = room - s.population
      pop = pop + s.population
      dissolved[#dissolved + 1] = U.ship_name(s)
    end
  end
  if pop == 0 then
    U.event(w, race, string.format("%s: colonize P%03d refused: %s", id, p.number,
      #carriers == 0 and "the fleet's colony ships carry no colonists" or
      string.format("the planet has room for %s, too few for any ship's colonists",
      words.count(math.max(0, room), "population units"))))
    return true, true
  end
  local orders = AC.hand_over(o.embedded)
  for _, s in ipairs(carriers) do
    for _, name in ipairs(dissolved) do
      if name == U.ship_name(s) then
        w.dissolved[#w.dissolved + 1] = { race = race, text = name, phase = w.phase }
        U.remove_ship(w, s.id)
      end
    end
  end
  if c then
    c.population = c.population + pop
    U.event(w, race, string.format("%s added %d population to C%03d", id, pop, p.number))
  else
    A.found(w, race, pid, pop, orders)
    U.event(w, race, string.format("%s founded the colony C%03d on %s (%s %d/%d) with %d " ..
      "population", id, p.number, p.name, p.kind, p.size, p.minerals, pop))
  end
  return true, true
end

-- ---------------------------------------------------------------------------------------------
-- Fleets (9.2)

-- The race's ships named by `args` in the fleet's hex, not moving, by id.
local function ships_here(w, f, args)
  local out = {}
  for _, text in ipairs(args) do
    local sid, s = U.ship_by_number(w, O.ship(text) or -1)
    local g = s and w.fleets[s.fleet]
    if s and s.owner == f.owner and g and g.hex == f.hex and not g.target and sid ~= f.flagship then
      out[#out + 1] = sid
    else
      U.event(w, f.owner, string.format("%s: %s is not one of your ships in this hex",
        fid_text(w, f), tostring(text)))
    end
  end
  return out
end

-- Takes ships into the fleet: a flagship's old fleet is dissolved and its orders deleted.
local function take(w, f, sids)
  for _, sid in ipairs(sids) do
    local s = w.ships[sid]
    local old = w.fleets[s.fleet]
    if old and old.id ~= f.id then
      if old.flagship == sid then
        for _, other in ipairs(old.ships) do
          if other ~= sid then
            local nf = U.new_fleet(w, old.owner, old.hex, old.came_from)
            U.put(w, other, nf)
          end
        end
        old.orders = {}
      end
      U.put(w, sid, f.id)
      U.settle(w, old.id)
    end
  end
end

-- form ships... (9.2): a new fleet under this ship; its old fleet dissolved first.
function A.form(w, f, o)
  local others = {}
  for _, sid in ipairs(f.ships) do
    if sid ~= f.flagship then others[#others + 1] = sid end
  end
  for _, sid in ipairs(others) do
    local nf = U.new_fleet(w, f.owner, f.hex, f.came_from)
    U.put(w, sid, nf)
  end
  take(w, f, ships_here(w, f, o.args))
  return false, true
end

-- include ships... (9.2): like form, keeping the fleet.
function A.include(w, f, o)
  take(w, f, ships_here(w, f, o.args))
  return false, true
end

-- join fleet (9.2): this fleet's ships go into the fleet named; its orders end.
function A.join(w, f, o)
  local _, g = U.fleet_by_flagship(w, O.ship(o.args[1]) or -1)
  if not g then
    local _, s = U.ship_by_number(w, O.ship(o.args[1]) or -1)
    g = s and w.fleets[s.fleet]
  end
  if not g or g.id == f.id or g.owner ~= f.owner or g.hex ~= f.hex or g.target then
    U.event(w, f.owner, string.format("%s: join %s: no fleet of yours to join here",
      fid_text(w, f), tostring(o.args[1])))
    return false, true
  end
  local list = {}
  for _, sid in ipairs(f.ships) do list[#list + 1] = sid end
  for _, sid in ipairs(list) do U.put(w, sid, g.id) end
  f.orders = {}
  U.settle(w, f.id)
  return false, true
end

-- leave ships... (9.2): the ships become fleets of their own.
function A.leave(w, f, o)
  for _, text in ipairs(o.args) do
    local sid, s = U.ship_by_number(w, O.ship(text) or -1)
    if s and s.fleet == f.id and sid ~= f.flagship then
      local nf = U.new_fleet(w, f.owner, f.hex, f.came_from)
      U.put(w, sid, nf)
    end
  end
  return false, true
end

-- ---------------------------------------------------------------------------------------------
-- Cargo (9.7.1)

-- Reads load/unload arguments (9.7.1): the colony (or nil) and a list of parts {what = "ip"
-- or "pop", amount (nil: all), ship (a ship number, or nil: any ship of the fleet)}. A ship's
-- ID applies to the parts after it, up to "any"; an amount alone is i.p.; no part at all
-- means all i.p.
local function cargo_spec(args)
  local colony, parts, pending, ship = nil, {}, nil, nil
  local function flush()
    if pending then parts[#parts + 1] = { what = "ip", amount = pending, ship = ship } end
    pending = nil
  end
  for i, text in ipairs(args) do
    local t = tostring(text):lower()
    if i == 1 and O.colony(t) then
      colony = O.colony(t)
    elseif t:match("^s%d%d%d%d$") then
      flush()
      ship = O.ship(t)
    elseif t == "any" then
      flush()
      ship = nil
    elseif O.number(t) then
      flush()
      pending = O.number(t)
    elseif t == "i.p." or t == "ip" then
      parts[#parts + 1] = { what = "ip", amount = pending, ship = ship }
      pending = nil
    elseif t == "pop" or t == "population" then
      parts[#parts + 1] = { what = "pop", amount = pending, ship = ship }
      pending = nil
    end
  end
  flush()
  if #parts == 0 then parts[1] = { what = "ip", ship = ship } end
  return colony, parts
end

-- The colony a load or unload works with: the one named, if it is in the fleet's hex, or the
-- race's only colony with a starport there; else nil and why.
local function cargo_colony(w, f, number)
  if number then
    local _, c = U.colony_by_number(w, number)
    if c and U.colony_hex(w, c) == f.hex then return c end
    return nil, string.format("C%03d is not in the fleet's system", number)
  end
  local found
  for _, id in ipairs(U.colonies_of(w, f.owner)) do
    local c = w.colonies[id]
    if U.colony_hex(w, c) == f.hex and c.starport >= 1 then
      if found then
        return nil, "you have more than one colony with a starport here: name the colony"
      end
      found = c
    end
  end
  if not found then return nil, "you have no colony with a starport here" end
  return found
end

-- The words of a kind of cargo.
local CARGO_WORDS = { ip = "i.p.", pop = "population" }

-- Room and load of the fleet's ships for `what` ("ip" or "pop"), only ship number `only` if
-- given: list of {ship, room, held, field}.
local function holds(w, f, what, only)
  local out = {}
  for _, s in ipairs(U.fleet_ships(w, f)) do
    local t = U.type(s)
    if not only or s.number == only then
      if what == "ip" and (t.cargo or 0) > 0 then
        out[#out + 1] = { ship = s, room = t.cargo - s.cargo, held = s.cargo, field = "cargo" }
      elseif what == "pop" and (t.passengers or 0) > 0 then
        out[#out + 1] = { ship = s, room = t.passengers - s.population, held = s.population,
          field = "population" }
      end
    end
  end
  return out
end

-- Why a part of a load or unload finds no ship to use, or nil.
local function no_holds(w, f, part, list)
  if #list > 0 then return nil end
  if part.ship then
    local _, s = U.ship_by_number(w, part.ship)
    if not s or s.fleet ~= f.id then
      return string.format("%s is not in this fleet", import("lib/ships").text(part.ship))
    end
    return string.format("%s carries no %s", U.ship_name(s), CARGO_WORDS[part.what])
  end
  return string.format("no ship of the fleet carries %s (%s)", CARGO_WORDS[part.what],
    part.what == "ip" and "freighters do, 9.7" or "stasis transports do, 9.7")
end

-- Reports a load or unload that moved nothing (refused, no time) or moved only some parts.
local function cargo_outcome(w, f, verb, moved, problems)
  if #problems == 0 then return end
  if moved == 0 then
    U.event(w, f.owner, string.format("%s: %s refused: %s", fid_text(w, f), verb,
      table.concat(problems, "; ")))
  else
    U.event(w, f.owner, string.format("%s: %s: %s", fid_text(w, f), verb,
      table.concat(problems, "; ")))
  end
end

-- load [colony] [what] (9.7.1): one phase if anything is loaded, else no time and a line
-- saying why.
function A.load(w, f, o)
  local number, parts = cargo_spec(o.args)
  local c, why = cargo_colony(w, f, number)
  if c and c.owner ~= f.owner then
    why = string.format("%s is not your colony: a fleet loads only from its own colonies",
      U.colony_text(w, c))
  elseif c and c.starport < 1 then
    why = string.format("%s has no starport", U.colony_text(w, c))
  end
  if why then
    cargo_outcome(w, f, "load", 0, { why })
    return false, true
  end
  local moved, problems = 0, {}
  for _, part in ipairs(parts) do
    local field = part.what == "ip" and "ip" or "population"
    local list = holds(w, f, part.what, part.ship)
    local room = 0
    for _, h in ipairs(list) do room = room + h.room end
    local problem = no_holds(w, f, part, list)
    if not problem and room == 0 then
      problem = string.format("no room left for %s", CARGO_WORDS[part.what])
    elseif not problem and c[field] == 0 then
      problem = string.format("%s has no %s", U.colony_text(w, c), CARGO_WORDS[part.what])
    end
    if problem then
      problems[#problems + 1] = problem
    else
      local want = part.amount or math.huge
      for _, h in ipairs(list) do
        local n = math.min(want, h.room, c[field])
        if n > 0 then
          h.ship[h.field] = h.ship[h.field] + n
          c[field] = c[field] - n
          want = want - n
          moved = moved + n
          U.event(w, f.owner, string.format("%s loaded %d %s from %s", U.ship_name(h.ship), n,
            CARGO_WORDS[part.what], U.colony_text(w, c)))
        end
      end
    end
  end
  cargo_outcome(w, f, "load", moved, problems)
  return moved > 0, true
end

-- Why race `race` may not unload to colony `c`, or nil (9.7.1): i.p. go to its own colonies
-- or those of a race it is allied with, each holding the other ally.
local function unload_refusal(w, race, c)
  if c.owner == race then return nil end
  local text = U.colony_text(w, c)
  if not c.owner then return text .. " is a colony of the primitives" end
  local mine = w.races[race].policy[c.owner] == "ally"
  local theirs = w.races[c.owner].policy[race] == "ally"
  if mine and theirs then return nil end
  if not theirs then
    return string.format("%s is a colony of race %s, which does not hold you allied", text,
      c.owner)
  end
  return string.format("%s is a colony of race %s, which you do not hold allied", text, c.owner)
end

-- unload [colony] [what] (9.7.1): to the race's own colony, or i.p. to an ally's; one phase
-- if anything is unloaded, else no time and a line saying why.
function A.unload(w, f, o)
  local number, parts = cargo_spec(o.args)
  local c, why = cargo_colony(w, f, number)
  if c then why = unload_refusal(w, f.owner, c) end
  if c and not why and c.starport < 1 then
    why = string.format("%s has no starport", U.colony_text(w, c))
  end
  if why then
    cargo_outcome(w, f, "unload", 0, { why })
    return false, true
  end
  local moved, problems = 0, {}
  for _, part in ipairs(parts) do
    local field = part.what == "ip" and "ip" or "population"
    local list = holds(w, f, part.what, part.ship)
    local held = 0
    for _, h in ipairs(list) do held = held + h.held end
    local want = part.amount or math.huge
    local problem = no_holds(w, f, part, list)
    if not problem and part.what == "pop" and c.owner ~= f.owner then
      problem = "population unloads only at your own colonies"
    elseif not problem and held == 0 then
      problem = string.format("no %s on board", CARGO_WORDS[part.what])
    elseif not problem and part.what == "pop" then
      local p = w.planets[c.planet]
      want = math.min(want, population.limit(p.kind, p.size, w.races[c.owner].techs,
        w.races[c.owner].race_type) - c.population)
      if want <= 0 then
        problem = string.format("%s has no room for more population", U.colony_text(w, c))
      end
    end
    if problem then
      problems[#problems + 1] = problem
    else
      for _, h in ipairs(list) do
        local n = math.min(want, h.held)
        if n > 0 then
          h.ship[h.field] = h.ship[h.field] - n
          c[field] = c[field] + n
          want = want - n
          moved = moved + n
          U.event(w, f.owner, string.format("%s unloaded %d %s to %s", U.ship_name(h.ship), n,
            CARGO_WORDS[part.what], U.colony_text(w, c)))
          if c.owner ~= f.owner then
            U.event(w, c.owner, string.format("%s of race %s unloaded %d %s to %s",
              U.ship_name(h.ship), f.owner, n, CARGO_WORDS[part.what], U.colony_text(w, c)))
          end
        end
      end
    end
  end
  cargo_outcome(w, f, "unload", moved, problems)
  return moved > 0, true
end

-- ---------------------------------------------------------------------------------------------
-- Attacks on colonies (11.1-11.3)

-- The enemy colony a bomb or probe goes for: the one named (C138), or the best planet's enemy
-- colony in the fleet's hex (the hex may be named instead).
local function attack_target(w, f, arg)
  local number = O.colony(arg)
  if number then
    local _, c = U.colony_by_number(w, number)
    if c and U.colony_hex(w, c) == f.hex and U.enemy(w, f.owner, c.owner) then return c end
    return nil
  end
  for _, pid in ipairs(best_planets(w, f.hex)) do
    local _, c = U.colony_on(w, pid)
    if c and c.owner ~= f.owner and U.enemy(w, f.owner, c.owner) then return c end
  end
  return nil
end

-- The best gun a race (or the primitives) has (9.5.2): defence bases use it (8.2).
local function best_gun(techs)
  local pick, rank = "laser", 0
  for _, name in ipairs(sorted_keys(C.guns)) do
    local row = C.guns[name]
    if row.rank > rank and techs_lib.has(techs, row.tech) then pick, rank = name, row.rank end
  end
  return pick
end

-- The shots the colony's defenders have for an attack in this phase (11.2): at the first
-- attack of the phase every defender (the bases built this phase do not fire, 8.2); at a
-- later one only the shots the earlier attacks left (after a probe, or when the defenders
-- destroyed a whole fleet with shots to spare). A probe meets at most probe_defenders (11.3).
local function shots_for(w, c, probe)
  if c.defence_phase ~= w.phase then
    local fresh = c.fresh_phase == w.phase and c.fresh_bases or 0
    c.defence_phase = w.phase
    c.shots_left = bombing.defenders(c, U.owner_techs(w, c.owner), false, fresh)
  end
  if probe then return math.min(c.shots_left, C.defences.probe_defenders) end
  return c.shots_left
end

-- The colony's defenders fire `n` shots at the attacking ships (those with bombing
-- capability), each at a ship drawn in proportion to its size, until none is left (11.2).
-- Returns the shots fired and, by ship, the hull points each took.
local function defend(w, c, attackers, n)
  local gun = best_gun(U.owner_techs(w, c.owner))
  local alive, took, fired = {}, {}, 0
  for _, s in ipairs(attackers) do alive[#alive + 1] = s end
  while fired < n and #alive > 0 do
    local weights = {}
    for i, s in ipairs(alive) do weights[i] = U.type(s).size end
    local i = rng.weighted(weights)
    local s = alive[i]
    local t = U.type(s)
    s.carry = s.carry or 0
    local before = s.damage
    combat.shot(s, combat.shot_value(gun, s.shield, t.armour, "normal"))
    took[s.id] = (took[s.id] or 0) + (s.damage - before)
    fired = fired + 1
    if s.damage >= t.hull then table.remove(alive, i) end
  end
  return fired, took
end

-- The defence fire at an attacking fleet (11.2, 11.3), with report lines for both sides;
-- removes the ships it destroyed. `id` is the fleet's ID before the fire. Returns false if
-- the whole fleet was destroyed.
local function defence_fire(w, f, c, ships, probe, id)
  local n = shots_for(w, c, probe)
  local fired, took = defend(w, c, ships, n)
  local lost_all = true
  for _, s in ipairs(ships) do lost_all = lost_all and s.damage >= U.type(s).hull end
  if probe or lost_all then
    c.shots_left = c.shots_left - fired
  else
    c.shots_left = 0
  end
  local parts = {}
  for _, s in ipairs(ships) do
    if took[s.id] then
      local t = U.type(s)
      parts[#parts + 1] = string.format("%s %s", U.ship_name(s), s.damage >= t.hull and
        string.format("%d damage, destroyed", took[s.id]) or (took[s.id] > 0 and
        string.format("%d damage, %d d.p. left", took[s.id], t.hull - s.damage) or
        "marginal damage"))
    end
  end
  local what = #parts > 0 and table.concat(parts, "; ") or "no shots left to fire"
  U.event(w, f.owner, string.format("%s: the defences of %s fired %s: %s", id,
    U.colony_text(w, c), words.count(fired, "shots"), what))
  U.event(w, c.owner, string.format("The defences of %s fired %s at the fleet %s of race %s: %s",
    U.colony_text(w, c), words.count(fired, "shots"), id, f.owner, what))
  for _, s in ipairs(ships) do
    if s.damage >= U.type(s).hull then
      w.lost[#w.lost + 1] = { race = f.owner, text = U.ship_name(s), phase = w.phase,
        hex = f.hex, cost = U.type(s).cost }
      U.remove_ship(w, s.id)
    end
  end
  if f.gone then
    U.event(w, f.owner, string.format("%s: the whole fleet was destroyed by the defences of %s",
      id, U.colony_text(w, c)))
    return false
  end
  return true
end

-- The fleet's ships with bombing capability.
local function bombers(w, f)
  local out = {}
  for _, s in ipairs(U.fleet_ships(w, f)) do
    if bombing.capability({ s }, w.races[f.owner].techs) > 0 then out[#out + 1] = s end
  end
  return out
end

-- A colony destroyed (11.1): its installations and i.p. stay on the planet (11.4).
local function destroy_colony(w, c)
  local p = w.planets[c.planet]
  local left = salvage.leave(c)
  p.salvage_industries, p.salvage_starport, p.salvage_research = left.industries,
    left.starport, left.research
  p.salvage_ip, p.salvage_from = left.ip, left.from
  w.dirty_planets[c.planet] = true
  w.colonies[c.id] = nil
end

-- Notes a surprise: the target race turns enemy at the end of the phase (4, 20 step 3e).
local function attacked(w, victim, attacker)
  if victim and not U.enemy(w, victim, attacker) then
    w.turned[#w.turned + 1] = { race = victim, toward = attacker }
  end
end

-- bomb [colony] [phases] (11.1): each phase, the defences fire, then every capability point of
-- the surviving ships destroys a shield, or a base, installation or population unit.
function A.bomb(w, f, o)
  local race = f.owner
  if not w.charts[race].explored[f.hex] then
    if not A.explore_hex(w, f, f.hex) then return true, true end
    return true, false
  end
  local c = attack_target(w, f, o.args[1])
  if not c then
    U.event(w, race, string.format("%s: bomb: no enemy colony to bomb here", fid_text(w, f)))
    return false, true
  end
  local ships = bombers(w, f)
  if #ships == 0 then
    U.event(w, race, string.format("%s: bomb: no ships able to bomb", fid_text(w, f)))
    return false, true
  end
  attacked(w, c.owner, race)
  if not defence_fire(w, f, c, ships, false, fid_text(w, f)) then return true, true end
  local alive = {}
  for _, s in ipairs(ships) do
    if w.ships[s.id] then alive[#alive + 1] = s end
  end
  local points = bombing.capability(alive, w.races[race].techs)
  local bio = techs_lib.has(w.races[race].techs, C.bombing.bio_tech)
  local hits = {}
  for _ = 1, points do
    local what = bombing.hit(c, bio)
    if not what then break end
    c[what] = c[what] - 1
    hits[what] = (hits[what] or 0) + 1
  end
  victory.destroyed(w, race, c.owner, hits.population or 0)
  local parts = {}
  for _, k in ipairs(sorted_keys(hits)) do parts[#parts + 1] = words.count(hits[k], k) end
  local summary = #parts > 0 and table.concat(parts, ", ") or "nothing"
  U.event(w, race, string.format("%s bombed %s with %s: destroyed %s", fid_text(w, f),
    U.colony_text(w, c), words.count(points, "capability points"), summary))
  U.event(w, c.owner, string.format("%s was bombed by race %s: lost %s", U.colony_text(w, c),
    race, summary))
  if bombing.destroyed(c) then
    U.event(w, race, string.format("%s was destroyed", U.colony_text(w, c)))
    U.event(w, c.owner, string.format("%s was destroyed", U.colony_text(w, c)))
    if c.owner then
      w.lost[#w.lost + 1] = { race = c.owner, text = U.colony_text(w, c), phase = w.phase,
        hex = f.hex, cost = 0 }
    end
    destroy_colony(w, c)
    return true, true
  end
  o.done = (o.done or 0) + 1
  local limit = O.number(o.args[2]) or O.number(o.args[1] and not O.colony(o.args[1]) and
    o.args[1] or nil)
  return true, (limit and o.done >= limit) or false
end

-- probe [colony] (11.3): one phase (two if unexplored); at most 10 defenders fire; the
-- colony's population and installations are revealed.
function A.probe(w, f, o)
  local race = f.owner
  if not w.charts[race].explored[f.hex] then
    if not A.explore_hex(w, f, f.hex) then return true, true end
    return true, false
  end
  local c = attack_target(w, f, o.args[1])
  if not c then
    U.event(w, race, string.format("%s: probe: no enemy colony to probe here", fid_text(w, f)))
    return false, true
  end
  local ships = bombers(w, f)
  if #ships == 0 then
    U.event(w, race, string.format("%s: probe: no ships able to bomb", fid_text(w, f)))
    return false, true
  end
  attacked(w, c.owner, race)
  if not defence_fire(w, f, c, ships, true, fid_text(w, f)) then return true, true end
  U.event(w, race, string.format("%s probed %s: population %d, industries %d, starport %d, " ..
    "bases %d, research centres %d, shields %d", fid_text(w, f), U.colony_text(w, c),
    c.population, c.industries, c.starport, c.bases, c.research, c.shields))
  return true, true
end

return A
