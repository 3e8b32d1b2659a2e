-- What colonies do with their orders (sections 8.2, 9.1, 9.6, 9.7.2). Each executor takes the
-- world, the colony and the order ({verb, args = words, embedded}) and returns two flags: the
-- order took the phase (the colony acts no more this phase), and the order is finished (it
-- leaves the queue). All colony orders of this version take no time, except a build held up
-- by enemy warships (9.1), which waits; a launch does not wait.

local O = import("orders")
local data = import("lib/data")
local installations = import("lib/installations")
local ships_lib = import("lib/ships")
local techs_lib = import("lib/techs")
local terraforming = import("lib/terraform")
local U = import("lib/units")
local words = import("lib/words")

local A = {}

local C = rules.const

-- The colony's planet, owner's techs and ID text.
local function about(w, c)
  local p = w.planets[c.planet]
  return p, w.races[c.owner].techs, U.colony_text(w, c)
end

-- A copy of embedded orders for the unit they go to, given this turn.
local function hand_over(list)
  local out = {}
  for i, o in ipairs(list or {}) do
    out[i] = { verb = o.verb, args = o.args, given = o.given, line = o.line, begun = 0, done = 0,
      embedded = hand_over(o.embedded) }
  end
  return out
end
A.hand_over = hand_over

-- build type and launch type (9.1): a new ship in a fleet of its own, with the embedded orders.
-- A build waits while enemy warships blockade the system; a launch (only with the Secure Launch
-- System) does not.
local function make_ship(w, c, o, verb)
  local p, techs, id = about(w, c)
  local code = O.ship_type(o.args[1])
  if not code then
    U.event(w, c.owner, string.format("%s: %s %s: no such ship type", id, verb,
      tostring(o.args[1])))
    return false, true
  end
  local t = data.ship_type(code)
  if verb == "launch" and not techs_lib.has(techs, C.building.launch_tech) then
    U.event(w, c.owner, string.format("%s: launch %s: needs the %s; use build instead", id,
      t.name, data.tech(C.building.launch_tech).name))
    return false, true
  end
  if verb == "build" and U.blockaded(w, p.hex, c.owner) then
    if (o.begun or 0) == 0 then
      U.event(w, c.owner, string.format("%s: build %s waits: enemy warships in the system", id,
        t.name))
    end
    o.begun = w.phase
    return true, false
  end
  local race_type = w.races[c.owner].race_type
  local why = ships_lib.cannot_build(code, c, techs, race_type)
  if not why and (t.colonists or 0) > 0 and c.population < t.colonists then
    why = "not enough population to man it"
  end
  if why then
    U.event(w, c.owner, string.format("%s: %s %s: %s", id, verb, t.name, why))
    return false, true
  end
  c.ip = c.ip - ships_lib.cost(code, techs, race_type)
  c.built_size = (c.built_size or 0) + t.size
  if (t.colonists or 0) > 0 then c.population = c.population - t.colonists end
  local s, f = U.new_ship(w, c.owner, code, p.hex)
  f.orders = hand_over(o.embedded)
  U.event(w, c.owner, string.format("%s %s %s", id, verb == "launch" and "launched" or "built",
    U.ship_name(s)))
  return false, true
end

-- build type (9.1).
function A.build(w, c, o)
  return make_ship(w, c, o, "build")
end

-- launch type (9.1): as build, even with enemy warships in the system.
function A.launch(w, c, o)
  return make_ship(w, c, o, "launch")
end

-- Why a construct built fewer than ordered, in the player's words (8.2).
local function shortfall(why, kind, c, techs, cost)
  if why == "tech" then
    return string.format("needs %s", data.tech(C.installations.shield_tech).name)
  elseif why == "limit" then
    local most = installations.build_limit(kind, c.population, techs)
    return string.format("%s may have at most %s", kind == "bases" and "a colony of " ..
      words.count(c.population, "population") or "a colony", words.count(most, kind))
  end
  return string.format("not enough i.p. (%d, at %d i.p. each)", c.ip, cost or 0)
end

-- construct kind [amount] (8.2): as many as asked, paid for and allowed; a line says what was
-- built and, when it was fewer than ordered, why.
function A.construct(w, c, o)
  local p, techs, id = about(w, c)
  local kind = o.args[1]
  local known = false
  for _, k in ipairs(installations.kinds) do known = known or k == kind end
  if not known then
    U.event(w, c.owner, string.format("%s: construct %s: no such installation", id,
      tostring(kind)))
    return false, true
  end
  local have = c[kind]
  local wanted = O.number(o.args[2])
  local race_type = w.races[c.owner].race_type
  local n, cost, why = installations.construct(kind, wanted, have, c.ip, p.minerals,
    c.population, techs, false, race_type)
  local each = installations.cost(kind, p.minerals, techs, false, race_type)
  local short = why and shortfall(why, kind, c, techs, each) or nil
  if n > 0 then
    c[kind] = have + n
    c.ip = c.ip - cost
    if kind == "bases" then
      -- Bases constructed in a phase do not fire in it (8.2, lib/act_fleet.lua).
      if c.fresh_phase ~= w.phase then c.fresh_phase, c.fresh_bases = w.phase, 0 end
      c.fresh_bases = c.fresh_bases + n
    end
    local what = kind == "starport" and
      string.format("enlarged its starport by %d to a starport of %d", n, c.starport) or
      "constructed " .. words.count(n, kind)
    U.event(w, c.owner, string.format("%s %s for %d i.p.%s", id, what, cost, short and
      string.format(" (%d ordered: %s)", wanted, short) or ""))
  elseif (o.line or 0) > 0 then
    -- Default orders (line 0, 2.3) that build nothing leave no line; a player's order says why.
    U.event(w, c.owner, string.format("%s: construct %s: none built: %s", id, kind,
      short or "nothing to build"))
  end
  return false, true
end

-- dismantle kind amount (8.2): 1 i.p. back each, none for shields.
function A.dismantle(w, c, o)
  local _, _, id = about(w, c)
  local kind = o.args[1]
  local n = math.min(O.number(o.args[2]) or 0, c[kind] or 0)
  local back = 0
  if n > 0 then
    c[kind] = c[kind] - n
    back = installations.dismantle_refund(kind, n)
    c.ip = c.ip + back
  end
  U.event(w, c.owner, string.format("%s dismantled %s: %d i.p. back%s", id,
    words.count(n, tostring(kind)), back, kind == "starport" and
    string.format(", a starport of %d left", c.starport) or ""))
  return false, true
end

-- The colony's own ship `text` in its hex, not moving out, or nil and why.
local function ship_here(w, c, text)
  local number = O.ship(text)
  local sid, s = U.ship_by_number(w, number or -1)
  if not s or s.owner ~= c.owner then return nil, "not your ship" end
  local f = w.fleets[s.fleet]
  if f.hex ~= U.colony_hex(w, c) or f.target then return nil, "not in the colony's system" end
  return sid, s
end

-- repair ship [amount] (9.6): 1 i.p. a damage point, no enemy warships about.
function A.repair(w, c, o)
  local p, _, id = about(w, c)
  local _, s = ship_here(w, c, o.args[1])
  if type(s) ~= "table" then
    U.event(w, c.owner, string.format("%s: repair %s: %s", id, tostring(o.args[1]), s))
    return false, true
  end
  if c.starport < 1 or U.blockaded(w, p.hex, c.owner) then
    U.event(w, c.owner, string.format("%s: repair %s: no starport, or enemy warships present",
      id, U.ship_text(s)))
    return false, true
  end
  local want = math.min(O.number(o.args[2]) or s.damage, s.damage)
  local n = math.min(want, math.floor(c.ip / C.building.repair_cost))
  s.damage = s.damage - n
  c.ip = c.ip - n * C.building.repair_cost
  U.event(w, c.owner, string.format("%s repaired %d damage on %s", id, n, U.ship_name(s)))
  return false, true
end

-- refit ships... (9.6): the latest technology for half the ship's cost, rounded up.
function A.refit(w, c, o)
  local p, techs, id = about(w, c)
  for _, text in ipairs(o.args) do
    local _, s = ship_here(w, c, text)
    if type(s) ~= "table" then
      U.event(w, c.owner, string.format("%s: refit %s: %s", id, tostring(text), s))
    else
      local t = U.type(s)
      local kit = ships_lib.equipment(s.type, techs)
      local changed = false
      for _, k in ipairs(sorted_keys(kit)) do
        if s[k] ~= kit[k] then changed = true end
      end
      local cost = ships_lib.refit_cost(s.type, techs)
      if not changed then
        U.event(w, c.owner, string.format("%s: refit %s: nothing to upgrade", id, U.ship_text(s)))
      elseif t.size > c.starport or U.blockaded(w, p.hex, c.owner) or c.ip < cost then
        U.event(w, c.owner, string.format("%s: refit %s: starport too small, enemies present " ..
          "or not enough i.p.", id, U.ship_text(s)))
      else
        for _, k in ipairs(sorted_keys(kit)) do s[k] = kit[k] end
        c.ip = c.ip - cost
        U.event(w, c.owner, string.format("%s refitted %s for %d i.p.: tech=%s", id,
          U.ship_name(s), cost, ships_lib.tech_string(s)))
      end
    end
  end
  return false, true
end

-- reserve amount [phases] (9.7.2): i.p. out of reach until the colonies have acted, or until
-- the end of the phases given (at the latest the end of the turn).
function A.reserve(w, c, o)
  local n = math.min(O.number(o.args[1]) or 0, c.ip)
  local phases = O.number(o.args[2]) or 0
  c.ip = c.ip - n
  c.reserves = c.reserves or {}
  local until_phase = phases > 0 and math.min(w.phase + phases - 1, C.game.phases_per_turn) or 0
  c.reserves[#c.reserves + 1] = { ip = n, phase = until_phase }
  return false, true
end

-- transmit colony [amount] (14.2.4): with Matter Transmission, the amount of i.p. (all when
-- none is given, at most what the colony has out of reserve) to another colony of the race,
-- anywhere, at once.
function A.transmit(w, c, o)
  local _, techs, id = about(w, c)
  local to = tostring(o.args[1])
  local why
  local _, target = U.colony_by_number(w, O.colony(to) or -1)
  if not techs_lib.has(techs, C.transmission.tech) then
    why = "needs " .. data.tech(C.transmission.tech).name
  elseif not target or target.owner ~= c.owner then
    why = "no colony of yours has that ID"
  elseif target == c then
    why = "a colony cannot transmit to itself"
  end
  if why then
    U.event(w, c.owner, string.format("%s: transmit %s refused: %s", id, to, why))
    return false, true
  end
  local n = math.min(O.number(o.args[2]) or c.ip, c.ip)
  c.ip, target.ip = c.ip - n, target.ip + n
  U.event(w, c.owner, string.format("%s transmitted %d i.p. to %s", id, n,
    U.colony_text(w, target)))
  return false, true
end

-- terraform (14.2.3): started in phase 1 or 2 for the cost in i.p., paid now; the planet
-- changes type when the phases end (A.terraformed). The colony goes on with its orders.
function A.terraform(w, c, _)
  local p, techs, id = about(w, c)
  local C3 = C.terraforming
  local to, why = terraforming.target(p.kind, techs)
  if c.terraform_to then
    why = "it is terraforming already"
  elseif w.phase > C3.last_phase then
    why = "terraforming starts in phase " .. (C3.last_phase == 1 and "1" or
      C3.last_phase == 2 and "1 or 2" or "1 to " .. C3.last_phase)
  elseif to and c.ip < C3.cost then
    why = string.format("not enough i.p. (%d, needs %d)", c.ip, C3.cost)
  end
  if why or not to then
    U.event(w, c.owner, string.format("%s: terraform refused: %s", id, why))
    return false, true
  end
  c.ip = c.ip - C3.cost
  c.terraform_to, c.terraform_by = to, c.owner
  U.event(w, c.owner, string.format("%s began terraforming P%03d into a %s planet for %d i.p.", id,
    p.number, terraforming.name(to), C3.cost))
  return false, true
end

-- Ends the terraforming begun this turn (14.2.3), after the phases and before growth: the
-- planet of each colony still held by the race that began it takes its new type for good.
function A.terraformed(w)
  for _, cid in ipairs(sorted_keys(w.colonies)) do
    local c = w.colonies[cid]
    if c.terraform_to then
      local p = w.planets[c.planet]
      if c.terraform_by == c.owner then
        p.kind = c.terraform_to
        w.dirty_planets[c.planet] = true
        U.event(w, c.owner, string.format("%s terraformed P%03d into a %s planet",
          U.colony_text(w, c), p.number, terraforming.name(p.kind)))
      end
      c.terraform_to, c.terraform_by = nil, nil
    end
  end
end

-- Gives back the reserves that end now: `after_colonies` for those without phases, else the
-- ones whose last phase is `phase`.
function A.release(w, after_colonies, phase)
  for _, c in pairs(w.colonies) do
    if c.reserves then
      local keep = {}
      for _, r in ipairs(c.reserves) do
        if (after_colonies and r.phase == 0) or (not after_colonies and r.phase <= phase) then
          c.ip = c.ip + r.ip
        else
          keep[#keep + 1] = r
        end
      end
      c.reserves = #keep > 0 and keep or nil
    end
  end
end

return A
