-- What colonies and fleets alike do with the orders of sections 18.2-18.5 (myalias, wait, time,
-- signal, waitonesig, waitallsig, waitforone, waitforall, order, repeat) and of 9.9, 10.1 and
-- 14.1 (gift, disclose, teach). Each executor takes the world, the unit (a colony or fleet
-- record), the order ({verb, args = words, done, begun, embedded}) and the pool ("colony" or
-- "fleet"), and returns two flags: the order took the phase, and the order is finished.

local O = import("orders")
local Q = import("lib/queue")
local aliases = import("lib/aliases")
local cloak = import("lib/cloak")
local data = import("lib/data")
local race_types = import("lib/race_types")
local techs_lib = import("lib/techs")
local U = import("lib/units")
local words = import("lib/words")

local A = {}

local C = rules.const

-- ---------------------------------------------------------------------------------------------
-- Units

-- A unit's ID as written: a colony's "C138", a fleet's flagship "S0100".
local function text_of(w, rec, pool)
  if pool == "colony" then return U.colony_text(w, rec) end
  return U.ship_text(w.ships[rec.flagship])
end
A.text_of = text_of

-- The hex a unit is in.
local function hex_of(w, rec, pool)
  if pool == "colony" then return U.colony_hex(w, rec) end
  return rec.hex
end

-- The unit an ID names: "colony", the colony record; "ship", the ship record (its fleet is
-- w.fleets[ship.fleet]); nil if there is none.
local function unit_of(w, text)
  local c = O.colony(text)
  if c then
    local _, rec = U.colony_by_number(w, c)
    return rec and "colony", rec
  end
  local s = O.ship(text)
  if s and tostring(text):match("^[Ss]") then
    local _, rec = U.ship_by_number(w, s)
    return rec and "ship", rec
  end
  return nil
end

-- The hex of a unit unit_of found.
local function found_hex(w, kind, rec)
  if kind == "colony" then return U.colony_hex(w, rec) end
  return w.fleets[rec.fleet].hex
end

-- True if races a and b hold each other allied (4).
local function allies(w, a, b)
  local ra, rb = w.races[a], w.races[b]
  return ra ~= nil and rb ~= nil and ra.policy[b] == "ally" and rb.policy[a] == "ally"
end

-- The record that keeps the signals a unit received: a colony's, or a fleet's flagship's.
local function mailbox(w, rec, pool)
  if pool == "colony" then return rec end
  return w.ships[rec.flagship]
end

-- Adds sender `from` to the signals `rec` received (a sorted list without repeats).
local function receive_signal(rec, from)
  local list = rec.signals or {}
  for _, x in ipairs(list) do
    if x == from then return end
  end
  list[#list + 1] = from
  table.sort(list)
  rec.signals = list
end

-- Removes the signals of the senders in `used` (a set) from `rec`.
local function consume_signals(rec, used)
  local keep = {}
  for _, x in ipairs(rec.signals or {}) do
    if not used[x] then keep[#keep + 1] = x end
  end
  rec.signals = keep
end

-- True if ship ID `text` is "known dead" to race `race` (18.3): in the ship slot of the race or
-- of a mutual ally, at or below the last number built from it, and no ship has it.
local function known_dead(w, race, text)
  local n = tostring(text):match("^[Ss](%d%d%d%d)$")
  if not n then return false end
  n = tonumber(n)
  local owner = tostring(math.floor(n / 100))
  local r = w.races[owner]
  if not r or (owner ~= race and not allies(w, race, owner)) then return false end
  local last = tonumber(owner) * 100 + (r.next_ship or 0) - 1
  return n <= last and U.ship_by_number(w, n) == nil
end

-- ---------------------------------------------------------------------------------------------
-- Aliases (18.2)

-- myalias $name (18.2): the alias stands for this unit's ID from now on. No time.
function A.myalias(w, rec, o, pool)
  local _, name = aliases.parse(o.args[1])
  if name then aliases.define(w.races[rec.owner], name, text_of(w, rec, pool)) end
  return false, true
end

-- ---------------------------------------------------------------------------------------------
-- Timing and coordination (18.3)

-- wait phases (18.3): this unit does nothing for that many phases.
function A.wait(w, _, o)
  local n = O.number(o.args[1]) or 1
  o.done = (o.done or 0) + 1
  o.begun = w.phase + n - o.done + 1
  return true, o.done >= n
end

-- time turn phase (18.3): waits until that phase of that turn, then goes on with the next
-- order in it (no time once the moment has come).
function A.time(w, _, o)
  local turn, phase = O.number(o.args[1]) or 0, O.number(o.args[2]) or 0
  if w.turn > turn or (w.turn == turn and w.phase >= phase) then return false, true end
  o.begun = w.turn == turn and phase or w.phase + 1
  return true, false
end

-- signal units... (18.3): a signal to each unit named; no time.
function A.signal(w, rec, o, pool)
  local from = text_of(w, rec, pool)
  local missing = {}
  for _, text in ipairs(o.args) do
    local kind, target = unit_of(w, text)
    if kind then
      receive_signal(target, from)
    else
      missing[#missing + 1] = tostring(text)
    end
  end
  if #missing > 0 then
    U.event(w, rec.owner, string.format("%s: signal: no unit %s to signal", from,
      table.concat(missing, ", ")))
  end
  return false, true
end

-- waitonesig / waitallsig units... (18.3): waits until one (all, but those known dead) of the
-- units named has signalled this unit; the signals it waited for are used up. No time once
-- they are in; until then it takes the phase.
local function wait_signals(w, rec, o, pool, all)
  local box = mailbox(w, rec, pool)
  local got = {}
  for _, x in ipairs(box.signals or {}) do got[x] = true end
  local used, have, need = {}, 0, 0
  for _, text in ipairs(o.args) do
    local t = tostring(text)
    if got[t] then
      used[t] = true
      have = have + 1
    elseif not known_dead(w, rec.owner, t) then
      need = need + 1
    end
  end
  local ok = (all and need == 0) or (not all and have > 0)
  if ok then
    consume_signals(box, used)
    return false, true
  end
  o.begun = w.phase + 1
  return true, false
end

function A.waitonesig(w, rec, o, pool)
  return wait_signals(w, rec, o, pool, false)
end

function A.waitallsig(w, rec, o, pool)
  return wait_signals(w, rec, o, pool, true)
end

-- True if the waiting unit sees unit `text` where `where` says (18.3): "system", in its hex
-- (its race's own units, colonies of other races in systems it explored, others' ships it
-- sees); "fleet", a ship in its own fleet.
local function in_place(w, rec, pool, where, text)
  local kind, target = unit_of(w, text)
  if not kind then return false end
  if where == "fleet" then
    return pool == "fleet" and kind == "ship" and target.fleet == rec.id
  end
  local hex = hex_of(w, rec, pool)
  if found_hex(w, kind, target) ~= hex then return false end
  if target.owner == rec.owner then return true end
  if kind == "colony" then return w.charts[rec.owner].explored[hex] == true end
  return cloak.sees(w, rec.owner, target)
end

-- waitforone / waitforall where units... (18.3): waits until one (all at once, but those known
-- dead) of the units named is where `where` says.
local function wait_places(w, rec, o, pool, all)
  local where = o.args[1]
  local here, need = 0, 0
  for i = 2, #o.args do
    if in_place(w, rec, pool, where, o.args[i]) then
      here = here + 1
    elseif not known_dead(w, rec.owner, o.args[i]) then
      need = need + 1
    end
  end
  if (all and need == 0) or (not all and here > 0) then return false, true end
  o.begun = w.phase + 1
  return true, false
end

function A.waitforone(w, rec, o, pool)
  return wait_places(w, rec, o, pool, false)
end

function A.waitforall(w, rec, o, pool)
  return wait_places(w, rec, o, pool, true)
end

-- ---------------------------------------------------------------------------------------------
-- Passing orders to others (18.4) and repeating orders (18.5)

-- order unit orders (18.4): the orders go to another unit of the race in this unit's hex, after
-- those it has (a break or clear among them acts at once); a ship that is not a flagship
-- leaves its fleet to take them (9.2). Fleets led by a scout or explorer cannot give it. No
-- time. A unit that had no orders starts on them in the next phase.
A["order"] = function(w, rec, o, pool)
  local race, from = rec.owner, text_of(w, rec, pool)
  local function refuse(why)
    U.event(w, race, string.format("%s: order %s refused: %s", from, tostring(o.args[1]), why))
    return false, true
  end
  if pool == "fleet" then
    local t = U.type(w.ships[rec.flagship])
    for _, code in ipairs(C.admin.scout_types) do
      if t.code == code then
        return refuse("a fleet led by a scout or explorer cannot pass orders")
      end
    end
  end
  local kind, target = unit_of(w, o.args[1])
  if not kind or target.owner ~= race then return refuse("not a unit of yours") end
  if found_hex(w, kind, target) ~= hex_of(w, rec, pool) then
    return refuse("not in the same hex")
  end
  local unit, who = target, "colony"
  if kind == "ship" then
    local f = w.fleets[target.fleet]
    if f.flagship ~= target.id then f = w.fleets[U.detach(w, target.id)] end
    unit, who = f, "fleet"
    if unit.id == rec.id then return refuse("that is this fleet") end
  elseif pool == "colony" and target.id == rec.id then
    return refuse("that is this colony")
  end
  local given = {}
  for _, e in ipairs(Q.copy(o.embedded)) do
    if O.allowed(e.verb, who) then
      given[#given + 1] = e
    else
      U.event(w, race, string.format("%s: order %s: %s is not a %s order: not passed on", from,
        tostring(o.args[1]), e.verb, who))
    end
  end
  for _, p in ipairs(Q.append_all(unit.orders, given, who == "fleet" and unit or nil, who)) do
    U.event(w, race, string.format("%s: %s: %s", text_of(w, unit, who), p.verb, p.why))
  end
  U.event(w, race, string.format("%s passed %s to %s", from, words.count(#given, "orders"),
    text_of(w, unit, who)))
  return false, true
end

-- repeat [times] orders (18.5): the orders are put before the repeat again and again, that
-- many times (0 or none: for ever). A repeat for ever whose orders took no time waits a phase
-- before its next round. No time itself.
A["repeat"] = function(w, rec, o)
  local n = O.number(o.args[1]) or 0
  local list = rec.orders
  if list[1] ~= o then return false, true end
  if #(o.embedded or {}) == 0 then
    U.event(w, rec.owner, "repeat: there are no orders to repeat")
    return false, true
  end
  local stamp = w.turn * 100 + w.phase
  if n == 0 and o.round_stamp == stamp then
    o.begun = w.phase + 1
    return true, false
  end
  o.round_stamp = stamp
  o.done = (o.done or 0) + 1
  local copies = Q.copy(o.embedded)
  for i, c in ipairs(copies) do table.insert(list, i, c) end
  if n > 0 and o.done >= n then table.remove(list, #copies + 1) end
  return false, false
end

-- ---------------------------------------------------------------------------------------------
-- Diplomacy: gifts (9.9), disclosure (10.1), teaching (14.1)

-- Whether a unit may act as an ambassador: a colony, or a fleet whose flagship is an
-- ambassador ship (9.7, 9.9, 14.1).
local function envoy(w, rec, pool)
  if pool == "colony" then return true end
  return U.type(w.ships[rec.flagship]).ambassador == true
end

-- The other race's unit `text` that a diplomatic order of race `race` in `hex` goes to (9.9,
-- 10.1, 14.1): a colony, or an ambassador ship (a flagship or alone in its fleet), of a race
-- that holds `race` allied and that `race` holds allied, in the same hex, and known: a colony
-- in a system the race explored, a ship it sees. Returns kind, record, or nil and why.
local function receiver(w, race, hex, text)
  local kind, target = unit_of(w, text)
  if not kind then return nil, nil, "there is no such colony or ship" end
  if target.owner == race then return nil, nil, "it is your own" end
  if found_hex(w, kind, target) ~= hex then return nil, nil, "it is not in the same hex" end
  if kind == "colony" then
    if not target.owner then return nil, nil, "it is a colony of the primitives" end
    if not w.charts[race].explored[hex] then
      return nil, nil, "you have not explored this system"
    end
  else
    if not U.type(target).ambassador then return nil, nil, "it is not an ambassador ship" end
    local f = w.fleets[target.fleet]
    if f.flagship ~= target.id then
      return nil, nil, "an ambassador ship in a fleet must be its flagship"
    end
    if not cloak.sees(w, race, target) then return nil, nil, "there is no such ship here" end
  end
  if not allies(w, race, target.owner) then
    return nil, nil, string.format("race %s and you do not hold each other allied",
      target.owner)
  end
  return kind, target
end

-- A colony shows itself to race `to` as if it had explored it (10.1, 14.1).
local function reveal(w, c, to)
  local p = w.planets[c.planet]
  w.surveys[to .. ":" .. c.planet] = { race = to, planet = c.planet, turn = w.turn,
    kind = p.kind, size = p.size, minerals = p.minerals, name = p.name, colony = true,
    owner = c.owner, salvage = false }
end

-- The start of a diplomatic order by a unit: its ID, hex, and the receiver; a cloaked
-- ambassador ship uncloaks (9.4). Returns nil after a line saying why the order is refused.
local function diplomacy(w, rec, o, pool, verb, arg)
  local race, from = rec.owner, text_of(w, rec, pool)
  if not envoy(w, rec, pool) then
    U.event(w, race, string.format("%s: %s refused: only colonies and ambassador ships %s",
      from, verb, verb == "gift" and "give gifts" or verb))
    return nil
  end
  local hex = hex_of(w, rec, pool)
  local kind, target, why = receiver(w, race, hex, o.args[arg])
  if not kind then
    U.event(w, race, string.format("%s: %s %s refused: %s", from, verb, tostring(o.args[arg]),
      why))
    return nil
  end
  if pool == "fleet" and cloak.set(w, rec, false) > 0 then
    U.event(w, race, string.format("%s uncloaked to %s", from, verb))
  end
  return { race = race, from = from, hex = hex, kind = kind, target = target,
    to = target.owner, to_text = kind == "colony" and U.colony_text(w, target) or
      U.ship_text(target) }
end

-- A share of a cost, rounded up (14.1).
local function share(cost, percent)
  return math.ceil(cost * percent / 100)
end

-- teach unit technology (14.1): an allied race's colony or ambassador ship in the same hex is
-- taught a technology this race has: the first teaching of a technology makes it cheaper for
-- that race and waives its prerequisites (not the gateway, 14); a diplomat teacher's larger
-- share (16.8) beyond the learner's own is counted as r.p. paid toward it, a share of its cost
-- before the discount; a technology the race developed this turn gives it the larger share as
-- r.p. for next turn instead; one it has paid for with the discount is developed at once. No
-- time.
function A.teach(w, rec, o, pool)
  local d = diplomacy(w, rec, o, pool, "teach", 1)
  if not d then return false, true end
  local code = O.tech(o.args[2])
  local t = code and data.tech(code)
  local r = w.races[d.race]
  if not t or not techs_lib.has(r.techs, code) then
    U.event(w, d.race, string.format("%s: teach %s refused: you have not developed it",
      d.from, tostring(o.args[2])))
    return false, true
  end
  if pool == "colony" then reveal(w, rec, d.to) end
  local learner = w.races[d.to]
  learner.taught = learner.taught or {}
  local result
  if learner.techs[code] and learner.techs[code] < w.turn then
    result = "it had it already"
  elseif learner.taught[code] then
    result = "it had been taught it before: only the first teaching counts"
  elseif learner.techs[code] then
    -- Developed this turn: the discount comes as r.p. for next turn (14.1 example 3).
    learner.taught[code] = w.turn
    local percent = math.max(race_types.teach_percent(r.race_type),
      race_types.teach_percent(learner.race_type))
    local bonus = share(techs_lib.cost(learner.techs, code, w.turn, nil, learner.race_type),
      percent)
    learner.research_points = (learner.research_points or 0) + bonus
    result = string.format("it developed it this turn and gets %d r.p. for next turn", bonus)
    U.event(w, d.to, string.format("Race %s (%s) taught you %s, which you developed this " ..
      "turn: %d r.p. for next turn (14.1)", d.race, d.from, t.name, bonus))
  else
    learner.taught[code] = w.turn
    local cost = techs_lib.cost(learner.techs, code, w.turn, learner.taught,
      learner.race_type)
    local gateway = C.research.gateway[t.table]
    learner.paid = learner.paid or {}
    local extra = race_types.teach_percent(r.race_type) -
      race_types.teach_percent(learner.race_type)
    local given = 0
    if extra > 0 then
      given = share(techs_lib.cost(learner.techs, code, w.turn, nil, learner.race_type), extra)
      learner.paid[code] = (learner.paid[code] or 0) + given
    end
    local paid_text = given > 0 and string.format("; %d r.p. more are counted as paid toward " ..
      "it", given) or ""
    if (learner.paid[code] or 0) >= cost and techs_lib.has(learner.techs, gateway) then
      learner.techs[code] = w.turn
      learner.paid[code] = nil
      result = "it had paid for it already and developed it at once"
      U.event(w, d.to, string.format("Race %s (%s) taught you %s: you had paid for it " ..
        "already and developed it (14.1)", d.race, d.from, t.name))
    else
      result = string.format("it now costs that race %d r.p.%s", cost, paid_text)
      U.event(w, d.to, string.format("Race %s (%s) taught you %s: it costs you %d r.p. and " ..
        "needs none of its prerequisites%s (14.1)", d.race, d.from, t.name, cost, paid_text))
    end
  end
  U.event(w, d.race, string.format("%s taught %s to %s of race %s: %s", d.from, t.name,
    d.to_text, d.to, result))
  return false, true
end

-- disclose unit map|planets|colonies (10.1): an allied race's colony or ambassador ship in the
-- same hex learns this race's map: the hexes it mapped ("map"); also the systems it explored
-- and the planets there ("planets", without exploration hazard there from then on); also the
-- colonies it knows of and its own ("colonies"). A survey is passed on only if it is at least
-- as recent as the receiver's; without "colonies" the receiver keeps what it knew of the
-- colonies there. No time.
function A.disclose(w, rec, o, pool)
  local d = diplomacy(w, rec, o, pool, "disclose", 1)
  if not d then return false, true end
  local what = tostring(o.args[2])
  local src, dst = w.charts[d.race], w.charts[d.to]
  for hex in pairs(src.mapped) do dst.mapped[hex] = true end
  if what ~= "map" then
    for hex in pairs(src.explored) do dst.explored[hex] = true end
    -- The race's own colonies as they are now, when it discloses colonies.
    if what == "colonies" then
      for _, id in ipairs(U.colonies_of(w, d.race)) do reveal(w, w.colonies[id], d.race) end
    end
    for _, key in ipairs(sorted_keys(w.surveys)) do
      local s = w.surveys[key]
      if s.race == d.race then
        local old = w.surveys[d.to .. ":" .. s.planet]
        if not old or old.turn <= s.turn then
          local copy = {}
          for k, v in pairs(s) do copy[k] = v end
          copy.race = d.to
          if what ~= "colonies" then
            copy.colony = old and old.colony or false
            copy.owner = old and old.owner or nil
          end
          w.surveys[d.to .. ":" .. s.planet] = copy
        end
      end
    end
  end
  if pool == "colony" then reveal(w, rec, d.to) end
  U.event(w, d.race, string.format("%s disclosed your %s to %s of race %s", d.from, what,
    d.to_text, d.to))
  U.event(w, d.to, string.format("Race %s (%s) disclosed its %s to you (10.1)", d.race,
    d.from, what))
  return false, true
end

-- gift what receiver (9.9): a ship of this race carrying no population that is not an
-- ambassador ship, or a colony of it without population, in the same hex, goes to the
-- receiver's race: a ship leaves its fleet and loses its orders, a colony loses its orders.
-- No time.
function A.gift(w, rec, o, pool)
  local d = diplomacy(w, rec, o, pool, "gift", 2)
  if not d then return false, true end
  local kind, gift = unit_of(w, o.args[1])
  local why
  if not kind or gift.owner ~= d.race then
    why = "not a colony or ship of yours"
  elseif found_hex(w, kind, gift) ~= d.hex then
    why = "not in the same hex"
  elseif kind == "ship" and (gift.population or 0) > 0 then
    why = "a ship carrying population cannot be given away"
  elseif kind == "ship" and U.type(gift).ambassador then
    why = "an ambassador ship cannot be given away"
  elseif kind == "colony" and gift.population > 0 then
    why = "only a colony without population can be given away"
  end
  if why then
    U.event(w, d.race, string.format("%s: gift %s refused: %s", d.from, tostring(o.args[1]),
      why))
    return false, true
  end
  local name
  if kind == "ship" then
    local fid = U.detach(w, gift.id)
    local f = w.fleets[fid]
    f.orders, f.owner, f.target, f.progress, f.out_of_range = {}, d.to, nil, 0, false
    gift.owner, gift.signals = d.to, {}
    name = U.ship_name(gift)
    U.map_fleet(w, f)
  else
    gift.owner, gift.orders, gift.signals = d.to, {}, {}
    reveal(w, gift, d.to)
    name = U.colony_text(w, gift)
  end
  U.event(w, d.race, string.format("%s gave %s to race %s (%s)", d.from, name, d.to, d.to_text))
  U.event(w, d.to, string.format("Race %s gave you %s (9.9)", d.race, name))
  return false, true
end

return A
