-- Fleet movement and battles for MOVE, SEND, ASSAULT and DEEP (rules 3.1-3.11, 4.1-4.4,
-- 4.12 and RULINGS.md "Map and movement", "Battles"). The arithmetic is the engine's
-- battle.fight; this file decides who fights, with what, and what happens afterwards.

local M = {}
local act = import("lib/act")
local finds = import("lib/finds")
local B = rules.const.battle
local SHIPS = rules.const.ships

-- Splits a side's cruiser losses: half (floor) are lost in space, the rest destroyed.
local function lose_in_space(empire, lost)
  local n = math.floor(lost / B.lost_in_space_divisor)
  if n > 0 then
    local e = state.empire(empire)
    state.set_empire(empire, { lost_in_space = e.lost_in_space + n })
  end
  return n
end

-- Adds n cruisers of empire to a system it owns.
local function add_cruisers(sys, n)
  local h = state.holding(sys)
  state.set_holding(sys, { cruisers = h.cruisers + n })
end

-- The retreat location a cruiser arriving from `from` sets: the star it came from, never a
-- planet or belt, never after a DEEP jump.
local function reset_retreat(to, from, mode)
  if mode == "deep" or galaxy.is_satellite(from) then return end
  state.set_holding(to, { retreat = from })
end

-- Moving into a system nobody owns: it is captured without a battle (and explored if nobody
-- ever owned it). Every such move is sticky.
local function move_into_unowned(res, turn, empire, from, to, n, mode)
  local h = state.holding(to)
  state.set_holding(to, { owner = empire, cruisers = h.cruisers + n, ever_owned = true })
  act.make_sticky(turn, empire, to)
  reset_retreat(to, from, mode)
  res.details.captured = true
  act.note(res, "%d cruisers moved into unowned system %s and took it", n, act.code(to))
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
  state.set_holding(to, {
    owner = empire, population = pop, industry = ind, colony_ships = col,
    cruisers = survivors, fighters = 0, mode = "retreat", retreat = false, ambush = false,
    ever_owned = true,
  })
  if h.colony_ships > 0 then act.make_sticky(turn, empire, to) end
  res.details.captured = true
  res.details.capture = {
    population = pop, industry = ind, colony_ships = col, defender_vp_loss = vp_loss,
  }
  act.note(res, "Captured %s from %s: %d population, %d industry, %d colony ships remain",
    act.code(to), defender, pop, ind, col)
  act.event(res, defender, "%s captured your system %s; you lose %d VPs", empire, act.code(to),
    vp_loss)
end

-- A battle for `to`, owned by another empire. mode: "move", "assault" or "deep".
local function attack(res, turn, empire, from, to, n, mode)
  local defender = act.owner(to)
  turn.attacked = turn.attacked or {}
  turn.attacked[empire] = turn.attacked[empire] or {}
  table.insert(turn.attacked[empire], to)
  local h = state.holding(to)
  local planet = galaxy.kind(to) == "planet"
  local input = {
    attackers = n,
    attacker_wt = state.tech(empire, "WT"),
    attacker_mc = state.tech(empire, "MC"),
    cruisers = h.cruisers,
    fighters = h.fighters,
    colony_ships = h.colony_ships,
    population = h.population,
    planet = planet,
    defender_wt = state.tech(defender, "WT"),
    defender_dt = state.tech(defender, "DT"),
    divisor = mode == "assault" and B.assault_divisor or B.move_divisor,
    rounds = mode == "assault",
    ambush = mode == "move" and h.mode == "ambush" and h.ambush == from,
    ambush_extra_loss = B.ambush_extra_loss,
    population_factor = B.planet_population_factor,
    colony_ship_strength = SHIPS.colony_ship_strength,
  }
  res.details.battle = { defender = defender, ambush = input.ambush }
  -- Retreat: defending cruisers leave before the battle if the attack is the stronger.
  if h.mode == "retreat" and h.retreat and h.cruisers > 0 and galaxy.linked(to, h.retreat)
      and act.owner(h.retreat) == defender then
    local a, d = battle.strength(input)
    if a > d then
      add_cruisers(h.retreat, h.cruisers)
      -- The retreating cruisers arrive by a single link: like any such arrival they set the
      -- retreat location there to the system they left (unless it is a planet or belt).
      reset_retreat(h.retreat, to, "retreat")
      -- A retreat is a cruiser move: into a non-dwarf it sticks (rule 3.2, RULINGS.md).
      if not act.is_dwarf(h.retreat) then act.make_sticky(turn, defender, h.retreat) end
      res.details.battle.retreated = h.cruisers
      act.event(res, defender, "%d cruisers at %s retreated to %s before %s's attack",
        h.cruisers, act.code(to), act.code(h.retreat), empire)
      act.note(res, "%d defending cruisers retreated from %s to %s", h.cruisers, act.code(to),
        act.code(h.retreat))
      state.set_holding(to, { cruisers = 0 })
      input.cruisers = 0
    end
  end
  local r = battle.fight(input)
  local b = res.details.battle
  b.rounds = r.rounds
  b.attackers_lost, b.cruisers_lost, b.fighters_lost = r.attackers_lost, r.cruisers_lost,
    r.fighters_lost
  b.defence_level = r.defence_level
  b.won = r.won
  b.attackers_lost_in_space = lose_in_space(empire, r.attackers_lost)
  b.cruisers_lost_in_space = lose_in_space(defender, r.cruisers_lost)
  state.set_holding(to, { cruisers = r.cruisers_left, fighters = r.fighters_left })
  local first = r.rounds[1]
  act.note(res, "Battle at %s against %s: strength %d against %d%s; you lost %d cruisers, "
    .. "they lost %d cruisers and %d fighters", act.code(to), defender, first.attack,
    first.defence, input.ambush and " (ambushed)" or "", r.attackers_lost, r.cruisers_lost,
    r.fighters_lost)
  act.event(res, defender, "%s attacked %s from %s with %d cruisers%s: you lost %d cruisers and "
    .. "%d fighters, they lost %d cruisers", empire, act.code(to), act.code(from), n,
    input.ambush and " into your ambush" or "", r.cruisers_lost, r.fighters_lost,
    r.attackers_lost)
  if r.won then
    capture(res, turn, empire, defender, to, r.attackers_left)
    if mode ~= "move" or not act.is_dwarf(to) then act.make_sticky(turn, empire, to) end
    return true
  end
  act.fail(res, "the attack on %s failed", act.code(to))
  if mode == "deep" then
    local e = state.empire(empire)
    state.set_empire(empire, { lost_in_space = e.lost_in_space + r.attackers_left })
    b.survivors_lost_in_space = r.attackers_left
    act.make_sticky(turn, empire, r.attackers_left > 0 and to or from)
    if r.attackers_left > 0 then
      act.note(res, "%d surviving cruisers are lost in space", r.attackers_left)
    end
  else
    -- Pack ruling: the survivors go back where they came from without ever having arrived,
    -- so they do not reset the retreat location there. An ASSAULT sticks the system where its
    -- survivors end up (rule 3.2, RULINGS.md "Map and movement"): the origin they return to;
    -- if none survive, nothing becomes sticky.
    add_cruisers(from, r.attackers_left)
    if mode == "assault" and r.attackers_left > 0 then act.make_sticky(turn, empire, from) end
    if r.attackers_left > 0 then
      act.note(res, "%d surviving cruisers returned to %s", r.attackers_left, act.code(from))
    end
  end
  return false
end

-- Moves n cruisers from `from` (owned by empire, not sticky) to `to`: a plain move, a move
-- into an unowned system, or an attack. mode: "move", "send", "assault" or "deep".
function M.advance(res, turn, empire, from, to, n, mode)
  local h = state.holding(from)
  state.set_holding(from, { cruisers = h.cruisers - n })
  local owner = act.owner(to)
  res.details.cruisers = n
  res.details.to = to  -- the destination, for the GM's turn summary
  if owner == empire then
    add_cruisers(to, n)
    if mode == "deep" or mode == "assault" or not act.is_dwarf(to) then
      act.make_sticky(turn, empire, to)
    end
    reset_retreat(to, from, mode)
    act.note(res, "%d cruisers moved from %s to %s", n, act.code(from), act.code(to))
    return true
  end
  if owner == nil then
    move_into_unowned(res, turn, empire, from, to, n, mode)
    return true
  end
  if mode == "send" then
    add_cruisers(from, n)
    return act.fail(res, "%s is owned by %s: SEND does not attack, the cruisers stayed at %s",
      act.code(to), owner, act.code(from))
  end
  return attack(res, turn, empire, from, to, n, mode)
end

-- Runs a MOVE, SEND, ASSAULT or DEEP order: WHERE FROM owned and not sticky, WHERE TO
-- existing, the count of cruisers (reduced to what is there), the payment, then the move.
-- how.check(res, empire, from, to) adds the action's own checks; how.cost(n) is its price.
function M.fleet_order(order, res, turn, mode, how)
  local e, from, to = order.empire, order.from, order.to
  if not act.require_owned(res, e, from, "WHERE FROM") then return end
  if not galaxy.exists(to) then return act.fail(res, "system %s does not exist", act.code(to)) end
  if how.check and not how.check(res, e, from, to) then return end
  if act.is_sticky(turn, e, from) then
    return act.fail(res, "ships at %s are stuck there this turn", act.code(from))
  end
  local n, reduced = act.count(order.number, state.holding(from).cruisers)
  if n == 0 then return act.fail(res, "no cruisers to move at %s", act.code(from)) end
  if reduced then act.note(res, "only %d cruisers were at %s", n, act.code(from)) end
  if not act.pay(res, e, how.cost(n), how.name) then return end
  M.advance(res, turn, e, from, to, n, mode)
end

-- A check for fleet_order: the two systems must be linked.
function M.require_link(res, _, from, to)
  if not galaxy.linked(from, to) then
    return act.fail(res, "%s is not linked to %s", act.code(from), act.code(to))
  end
  return true
end

return M
