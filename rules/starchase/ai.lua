-- Computer players (rules 1.2 and 1.5, RULINGS.md "Missed and late orders").
--
--   missed    an empire that missed a deadline: builds industry, grows population, plants
--             colonies, keeps defences at its borders, never attacks and never expands.
--   dropout   an empire that missed dropout_after turns in a row: also expands into unowned
--             systems, colonises them, researches, probes, bids for order and attacks
--             wherever a simulated battle says it wins.
--   computer  a non-player empire of the scenario: plays like a dropout every turn.
--
-- orders(empire, mode) returns {orders = {{action, from, to, number, why}, ...},
-- probes = {codes}}; the engine writes them as an ordinary turnsheet (with each `why` as a
-- comment) that passes `hyperlane check`, so a GM can read what the computer ordered and why.
-- Only facts known before the turn are used to decide; every order is valid against the state
-- at the start of the turn.

local AI = {}
local economy = import("lib/economy")
local techcost = import("lib/techcost")
local C = rules.const.ai
local COST = rules.const.actions
local SHIPS = rules.const.ships

local function code(s) return string.format("%03d", s) end

-- A plan: orders so far, BPs left, ships already committed, systems made sticky.
local function new_plan(empire, mode)
  local e = state.empire(empire)
  return {
    empire = empire, mode = mode, balance = e.balance, treasury = e.treasury,
    orders = {}, probes = {}, slots = rules.const.game.actions_per_turn,
    cruisers = {}, sticky = {}, grown = {}, targeted = {},
  }
end

local function full(plan) return #plan.orders >= plan.slots end

local function add(plan, action, from, to, number, why, cost)
  if full(plan) or (cost or 0) > plan.balance then return false end
  plan.orders[#plan.orders + 1] = { action = action, from = from, to = to, number = number, why = why }
  plan.balance = plan.balance - (cost or 0)
  return true
end

-- Cruisers still free at a system the empire owns.
local function free_cruisers(plan, sys)
  if plan.cruisers[sys] == nil then plan.cruisers[sys] = state.holding(sys).cruisers end
  return plan.cruisers[sys]
end

local function owned(empire, sys) return state.holding(sys).owner == empire end

-- Owned systems that touch another empire's system.
local function is_border(empire, sys)
  for _, n in ipairs(galaxy.links(sys)) do
    local o = state.holding(n).owner
    if o and o ~= empire then return true end
  end
  return false
end

-- Colonise empty owned systems that hold a colony ship, then throw colonies into empty
-- owned neighbours from systems whose colony ship has not moved.
local function colonise(plan, systems)
  local e = plan.empire
  for _, sys in ipairs(systems) do
    local h = state.holding(sys)
    if h.colony_ships > 0 and h.population == 0 and not economy.blockaded(sys)
        and economy.pop_limit(e, sys) > 0 then
      if add(plan, "COLONISE", sys, nil, nil, "plant a colony where the colony ship is", COST.colonise) then
        plan.grown[sys] = true
      end
    end
  end
  for _, sys in ipairs(systems) do
    local h = state.holding(sys)
    if h.colony_ships > 0 and not plan.sticky[sys] then
      local best, best_limit
      for _, n in ipairs(galaxy.links(sys)) do
        local hn = state.holding(n)
        local limit = economy.pop_limit(e, n)
        if hn.owner == e and hn.population == 0 and not plan.grown[n] and limit > 0
            and not economy.blockaded(n) and (not best or limit > best_limit) then
          best, best_limit = n, limit
        end
      end
      if best and add(plan, "COLONISE", sys, best, nil,
          string.format("throw a colony into empty %s (limit %d)", code(best), best_limit),
          COST.colonise) then
        plan.grown[best] = true
        plan.sticky[sys] = true
      end
    end
  end
end

-- GROW and BUILD where they pay best, within grow_share percent of the balance.
local function develop(plan, systems)
  local e = plan.empire
  local budget = math.floor(plan.balance * C.grow_share / 100)
  local options = {}
  for _, sys in ipairs(systems) do
    local h = state.holding(sys)
    local limit = economy.pop_limit(e, sys)
    if not economy.blockaded(sys) then
      if h.population > 0 and h.population < limit and not plan.grown[sys] then
        local gain = math.min(state.tech(e, "BL"), limit - h.population)
        if gain > 0 then
          options[#options + 1] = { kind = "GROW", sys = sys, cost = h.population,
            value = gain * 2 / math.max(1, h.population) }
        end
      end
      local room = math.min(h.population, limit) - h.industry
      if room > 0 and economy.income_limit(e, sys) > 0 then
        options[#options + 1] = { kind = "BUILD", sys = sys, cost = room * COST.build_per_level,
          levels = room, value = 1 / COST.build_per_level }
      end
    end
  end
  table.sort(options, function(a, b)
    if a.value ~= b.value then return a.value > b.value end
    if a.sys ~= b.sys then return a.sys < b.sys end
    return a.kind < b.kind
  end)
  for _, o in ipairs(options) do
    if o.cost <= budget and not full(plan) then
      local ok
      if o.kind == "GROW" then
        ok = add(plan, "GROW", o.sys, nil, nil, "grow population below its limit", o.cost)
      else
        ok = add(plan, "BUILD", o.sys, nil, o.levels,
          string.format("industry up to the population (%d levels)", o.levels), o.cost)
      end
      if ok then budget = budget - o.cost end
    end
  end
end

-- Border systems defend; a threatened border gets cruisers built at the base.
local function defend(plan, systems)
  local e = plan.empire
  local threatened = false
  for _, sys in ipairs(systems) do
    if is_border(e, sys) then
      local h = state.holding(sys)
      if h.mode ~= "defend" then add(plan, "DEFEND", sys, nil, nil, "border system: stand and fight", 0) end
      if h.cruisers < C.garrison then threatened = true end
    end
  end
  local base = state.empire(e).base
  if threatened and base and owned(e, base) then
    local h = state.holding(base)
    local most = math.min(math.min(h.population, economy.pop_limit(e, base)), h.industry)
    local n = math.min(most, math.floor(plan.balance / 2 / SHIPS.cruiser))
    if n > 0 then
      add(plan, "NEWCRS", nil, nil, n, "cruisers for a weak border", n * SHIPS.cruiser)
    end
  end
end

-- SEND single cruisers into unowned neighbours: each capture is sticky but explores.
local function expand(plan, systems)
  local e = plan.empire
  local sent = 0
  for _, sys in ipairs(systems) do
    if sent >= C.expand_per_turn then break end
    if not plan.sticky[sys] then
      local neighbours = galaxy.links(sys)
      for _, n in ipairs(neighbours) do
        if sent >= C.expand_per_turn or full(plan) then break end
        local hn = state.holding(n)
        if not hn.owner and not plan.targeted[n] and free_cruisers(plan, sys) > 1 then
          if add(plan, "SEND", sys, n, 1, string.format("claim unowned %s%s", code(n),
              hn.ever_owned and "" or " and dig for Old Empire relics"), COST.send) then
            plan.cruisers[sys] = plan.cruisers[sys] - 1
            plan.targeted[n] = true
            sent = sent + 1
          end
        end
      end
    end
  end
end

-- Attacks that a simulated battle says win, with every free cruiser of one system.
local function attack(plan, systems)
  local e = plan.empire
  for _, sys in ipairs(systems) do
    if full(plan) then return end
    local n = free_cruisers(plan, sys)
    if n > 0 and not plan.sticky[sys] then
      for _, target in ipairs(galaxy.links(sys)) do
        local h = state.holding(target)
        if h.owner and h.owner ~= e and not plan.targeted[target] then
          local input = {
            attackers = n, attacker_wt = state.tech(e, "WT"), attacker_mc = state.tech(e, "MC"),
            cruisers = h.cruisers, fighters = h.fighters, colony_ships = h.colony_ships,
            population = h.population, planet = galaxy.kind(target) == "planet",
            defender_wt = state.tech(h.owner, "WT"), defender_dt = state.tech(h.owner, "DT"),
            divisor = rules.const.battle.move_divisor,
            ambush = h.mode == "ambush" and h.ambush == sys,
            ambush_extra_loss = rules.const.battle.ambush_extra_loss,
            population_factor = rules.const.battle.planet_population_factor,
            colony_ship_strength = SHIPS.colony_ship_strength,
          }
          local r = battle.fight(input)
          if r.won and r.attackers_left > C.attack_margin then
            if add(plan, "MOVE", sys, target, n, string.format(
                "attack %s's %s: a simulated battle wins with %d of %d cruisers left", h.owner,
                code(target), r.attackers_left, n), COST.move) then
              plan.cruisers[sys] = 0
              plan.targeted[target] = true
              break
            end
          end
        end
      end
    end
  end
end

-- Buys the first affordable tech of the research list from the treasury.
local function research(plan)
  local e = plan.empire
  for _, t in ipairs(C.research) do
    local def = rules.tech[t]
    local cur = state.tech(e, t)
    if def and not (def.cap and cur >= def.cap) then
      local cost = techcost.buy(cur, cur + 1)
      if plan.treasury - cost >= C.treasury_reserve and not full(plan) then
        plan.orders[#plan.orders + 1] = { action = "TECH", from = t, why = string.format(
          "buy %s level %d for %d treasury BPs", t, cur + 1, cost) }
        plan.treasury = plan.treasury - cost
        return
      end
    end
  end
end

-- One probe box: launch a probe at home, or move the active probe to a neighbour we do not
-- own, preferring places nobody has claimed.
local function probe(plan)
  local e = plan.empire
  local active
  for _, p in ipairs(state.probes(e)) do
    if p.active then active = p.system end
  end
  if not active then
    local home = state.empire(e).base
    if home and owned(e, home) then plan.probes[1] = home end
    return
  end
  local choices = {}
  for _, n in ipairs(galaxy.links(active)) do
    if not owned(e, n) then choices[#choices + 1] = n end
  end
  if #choices == 0 then choices = galaxy.links(active) end
  if #choices > 0 then plan.probes[1] = choices[rng.range(1, #choices)] end
end

-- The computer's orders for `empire` this turn; mode is "missed", "dropout" or "computer".
function AI.orders(empire, mode)
  local plan = new_plan(empire, mode)
  local systems = state.owned(empire)
  local aggressive = mode ~= "missed"
  colonise(plan, systems)
  if aggressive then attack(plan, systems) end
  defend(plan, systems)
  develop(plan, systems)
  if aggressive then
    expand(plan, systems)
    research(plan)
    probe(plan)
    if plan.balance >= 4 * C.order_bid then
      add(plan, "ORDER", nil, nil, C.order_bid, "bid for an earlier place in the order of play",
        C.order_bid)
    end
  end
  return { orders = plan.orders, probes = plan.probes }
end

return AI
