-- Fleet movement and battles for MOVE, SEND, ASSAULT and DEEP (rules 3.1-3.11, 4.1-4.4,
-- 4.12 and RULINGS.md "Map and movement", "Battles"). The arithmetic is the engine's
-- battle.fight; this file decides who fights, with what, and what happens afterwards.

local M = {}
local act = import("lib/act")
local words = import("lib/words")
local st = import("lib/st")
local finds = import("lib/finds")
local combat = import("lib/combat")
local fleet = import("lib/fleet")
local B = rules.const.battle
local SHIPS = rules.const.ships

-- Splits a side's cruiser losses: half (floor) are lost in space, the rest destroyed (other
-- classes are destroyed outright: only cruisers can be recovered, rule 6.7).
local function lose_in_space(empire, lost)
  local n = math.floor(lost / B.lost_in_space_divisor)
  if n > 0 then
    local e = state.empire(empire)
    state.set_empire(empire, { lost_in_space = e.lost_in_space + n })
  end
  return n
end

-- Adds a group of ships of empire to a system it owns.
local function add_ships(sys, group)
  fleet.shift(sys, group, 1)
end

-- The retreat location a cruiser arriving from `from` sets: the star it came from, never a
-- planet or belt, never after a DEEP jump.
local function reset_retreat(to, from, mode)
  if mode == "deep" or galaxy.is_inner(from) then return end
  state.set_holding(to, { retreat = from })
end

-- Moving into a system nobody owns: it is captured without a battle (and explored if nobody
-- ever owned it). Every such move is sticky.
local function move_into_unowned(res, turn, empire, from, to, group, mode)
  local h = state.holding(to)
  state.set_holding(to, { owner = empire, ever_owned = true })
  add_ships(to, group)
  act.make_sticky(turn, empire, to)
  reset_retreat(to, from, mode)
  res.details.captured = true
  act.note(res, "%s moved into unowned system %s and took it", fleet.describe(group), act.code(to))
  if not h.ever_owned then
    local found = finds.explore(empire, to)
    -- Population found counts as population that rose this turn (no GROW there after it).
    if found.kind == "population" then act.mark_grown(turn, to) end
    res.details.find = found
    act.note(res, "Old Empire find at %s: %s", act.code(to), finds.describe(found))
  end
end

-- Capture after a won battle: people, industry and colony ships halved; the old owner loses
-- VPs (rules 3.10, 8.2); defence settings reset.
local function capture(res, turn, empire, defender, to, survivors)
  local h = state.holding(to)
  local d = B.capture_divisor
  local pop, ind, col = math.floor(h.population / d), math.floor(h.industry / d),
    math.floor(h.colony_ships / d)
  local pop_lost, col_lost = h.population - pop, h.colony_ships - col
  local vp_loss = B.capture_vp_loss + pop_lost + col_lost
  local de = state.empire(defender)
  state.set_empire(defender, { vps = de.vps - vp_loss })
  local change = {
    owner = empire, population = pop, industry = ind, colony_ships = col,
    mode = "retreat", retreat = false, ambush = false, ever_owned = true,
  }
  for _, field in ipairs(fleet.defenders) do change[field] = 0 end
  for field, n in pairs(survivors) do change[field] = n end
  state.set_holding(to, change)
  if h.colony_ships > 0 then act.make_sticky(turn, empire, to) end
  res.details.captured = true
  res.details.capture = {
    population = pop, industry = ind, colony_ships = col, defender_vp_loss = vp_loss,
  }
  act.note(res, "Captured %s from %s: %d population, %d industry, %s remain",
    act.code(to), defender, pop, ind, words.count(col, "colony ship"))
  act.event(res, defender, "%s captured your system %s; you lose %s", empire, act.code(to),
    words.count(vp_loss, "VP"))
end

-- A battle for `to`, owned by another empire. mode: "move", "assault" or "deep".
local function attack(res, turn, empire, from, to, group, mode)
  local defender = act.owner(to)
  turn.attacked = turn.attacked or {}
  turn.attacked[empire] = turn.attacked[empire] or {}
  table.insert(turn.attacked[empire], to)
  local h = state.holding(to)
  local planet = galaxy.kind(to) == "planet"
  local input = {
    attack = group,
    defence = fleet.of(h, fleet.defenders),
    attacker_wt = st.tech(empire, "WT"),
    attacker_mc = st.tech(empire, "MC"),
    colony_ships = h.colony_ships,
    population = h.population,
    planet = planet,
    defender_wt = st.tech(defender, "WT"),
    defender_dt = st.tech(defender, "DT"),
    divisor = mode == "assault" and B.assault_divisor or B.move_divisor,
    rounds = mode == "assault",
    ambush = mode == "move" and h.mode == "ambush" and h.ambush == from,
    ambush_extra_loss = B.ambush_extra_loss,
    population_factor = B.planet_population_factor,
    colony_ship_strength = SHIPS.colony_ship_strength,
  }
  res.details.battle = { defender = defender, ambush = input.ambush }
  -- Retreat: defending warships leave before the battle if the attack is the stronger.
  local defending = fleet.of(h)
  local retreating = fleet.count(defending)
  if h.mode == "retreat" and h.retreat and retreating > 0 and galaxy.linked(to, h.retreat)
      and act.owner(h.retreat) == defender then
    local a, d = combat.strength(input)
    if a > d then
      add_ships(h.retreat, defending)
      -- The retreating ships arrive by a single link: like any such arrival they set the
      -- retreat location there to the system they left (unless it is a planet or belt).
      reset_retreat(h.retreat, to, "retreat")
      -- A retreat is a move: into a non-dwarf it sticks (rule 3.2, RULINGS.md "Battles").
      if not act.is_dwarf(h.retreat) then act.make_sticky(turn, defender, h.retreat) end
      res.details.battle.retreated = retreating
      local group_words = fleet.describe(defending)
      act.event(res, defender, "%s at %s retreated to %s before %s's attack", group_words,
        act.code(to), act.code(h.retreat), empire)
      act.note(res, "%s retreated from %s to %s", fleet.describe(defending, nil, "defending"),
        act.code(to),
        act.code(h.retreat))
      fleet.shift(to, defending, -1)
      for field in pairs(defending) do input.defence[field] = 0 end
    end
  end
  local r = combat.fight(input)
  local b = res.details.battle
  b.rounds = r.rounds
  b.attackers_lost = r.attackers_lost
  local left, lost = {}, {}
  for _, field in ipairs(fleet.defenders) do
    b[field .. "_lost"] = r[field .. "_lost"]
    left[field], lost[field] = r[field .. "_left"], r[field .. "_lost"]
  end
  if fleet.mixed then b.attack_lost = r.attack_lost end
  b.defence_level = r.defence_level
  b.won = r.won
  b.attackers_lost_in_space = lose_in_space(empire, r.attack_lost.cruisers or 0)
  b.cruisers_lost_in_space = lose_in_space(defender, r.cruisers_lost or 0)
  state.set_holding(to, left)
  local first = r.rounds[1]
  local their_loss = fleet.describe(lost, fleet.defenders)
  if not fleet.mixed then
    -- The standard game's wording (one warship class; defenders cruisers and fighters).
    their_loss = words.count(r.cruisers_lost, "cruiser") .. " and "
      .. words.count(r.fighters_lost, "fighter")
  end
  act.note(res, "Battle at %s against %s: strength %d against %d%s; you lost %s, "
    .. "they lost %s", act.code(to), defender, first.attack,
    first.defence, input.ambush and " (ambushed)" or "", fleet.describe(r.attack_lost),
    their_loss)
  act.event(res, defender, "%s attacked %s from %s with %s%s: you lost %s, they lost %s",
    empire, act.code(to), act.code(from), fleet.describe(group),
    input.ambush and " into your ambush" or "", their_loss, fleet.describe(r.attack_lost))
  if r.won then
    capture(res, turn, empire, defender, to, r.attack_left)
    if mode ~= "move" or not act.is_dwarf(to) then act.make_sticky(turn, empire, to) end
    return true
  end
  act.fail(res, "the attack on %s failed", act.code(to))
  if mode == "deep" then
    local e = state.empire(empire)
    local survivors = r.attack_left.cruisers or 0
    state.set_empire(empire, { lost_in_space = e.lost_in_space + survivors })
    b.survivors_lost_in_space = survivors
    act.make_sticky(turn, empire, r.attackers_left > 0 and to or from)
    if r.attackers_left > 0 then
      act.note(res, "%s %s lost in space", words.count(survivors, "surviving cruiser"),
        survivors == 1 and "is" or "are")
    end
  else
    -- Pack ruling: the survivors go back where they came from without ever having arrived,
    -- so they do not reset the retreat location there. An ASSAULT sticks the system where its
    -- survivors end up (rule 3.2, RULINGS.md "Map and movement"): the origin they return to;
    -- if none survive, nothing becomes sticky.
    add_ships(from, r.attack_left)
    if mode == "assault" and r.attackers_left > 0 then act.make_sticky(turn, empire, from) end
    if r.attackers_left > 0 then
      act.note(res, "%s returned to %s", fleet.describe(r.attack_left, nil, "surviving"),
        act.code(from))
    end
  end
  return false
end

-- Moves a group of ships from `from` (owned by empire, not sticky) to `to`: a plain move, a
-- move into an unowned system, or an attack. mode: "move", "send", "assault" or "deep".
function M.advance(res, turn, empire, from, to, group, mode)
  fleet.shift(from, group, -1)
  local owner = act.owner(to)
  for field, n in pairs(group) do res.details[field] = n end
  res.details.to = to  -- the destination, for the GM's turn summary
  if owner == empire then
    add_ships(to, group)
    if mode == "deep" or mode == "assault" or not act.is_dwarf(to) then
      act.make_sticky(turn, empire, to)
    end
    reset_retreat(to, from, mode)
    act.note(res, "%s moved from %s to %s", fleet.describe(group), act.code(from), act.code(to))
    return true
  end
  if owner == nil then
    move_into_unowned(res, turn, empire, from, to, group, mode)
    return true
  end
  if mode == "send" then
    add_ships(from, group)
    return act.fail(res, "%s is owned by %s: SEND does not attack, the %s stayed at %s",
      act.code(to), owner, fleet.mixed and "ships" or "cruisers", act.code(from))
  end
  return attack(res, turn, empire, from, to, group, mode)
end

-- Runs a MOVE, SEND, ASSAULT or DEEP order: WHERE FROM owned and not sticky, WHERE TO
-- existing, the count of warships (reduced to what is there, taken in the fleet's order:
-- cruisers first), the payment, then the move. how.check(res, empire, from, to) adds the
-- action's own checks; how.cost(n) is its price; how.classes limits the classes that go
-- (DEEP: cruisers only).
function M.fleet_order(order, res, turn, mode, how)
  local e, from, to = order.empire, order.from, order.to
  if not act.require_owned(res, e, from, "WHERE FROM") then return end
  if not galaxy.exists(to) then return act.fail(res, "system %s does not exist", act.code(to)) end
  if how.check and not how.check(res, e, from, to) then return end
  if act.is_sticky(turn, e, from) then
    return act.fail(res, "ships at %s are stuck there this turn", act.code(from))
  end
  local h = state.holding(from)
  local one = fleet.mixed and (how.classes and "cruiser" or "warship") or "cruiser"
  local n, reduced = act.count(order.number, fleet.count(h, how.classes))
  if n == 0 then return act.fail(res, "no %s to move at %s", words.plural(one), act.code(from)) end
  if reduced then act.note(res, "only %s at %s", words.were(n, one), act.code(from)) end
  local owner = act.owner(to)
  if mode ~= "send" and owner and owner ~= e and turn.peaceful and turn.peaceful[e] then
    -- Rule 1.5: orders the computer wrote for a missed turn never attack, not even a move
    -- into a system of the empire's own that another empire took earlier this turn.
    return act.fail(res, "%s belongs to %s now: orders written by the computer for a missed "
      .. "turn never attack", act.code(to), owner)
  end
  if not act.pay(res, e, how.cost(n), how.name) then return end
  M.advance(res, turn, e, from, to, fleet.take(h, n, how.classes), mode)
end

-- A check for fleet_order: the two systems must be linked.
function M.require_link(res, _, from, to)
  if not galaxy.linked(from, to) then
    return act.fail(res, "%s is not linked to %s", act.code(from), act.code(to))
  end
  return true
end

return M
