-- A computer player's turnsheet while it is being written: the orders so far (in slot
-- order), the BPs and treasury BPs they leave, and what they will have changed by the time
-- later orders run (ships moved, systems claimed, stuck or grown), so that every later order
-- is planned against the state it will meet.

local P = {}
local mmin, mmax = math.min, math.max
local CONST = import("ai/const")
P.__index = P

-- An empty sheet for the empire of view v.
function P.new(v)
  local p = setmetatable({
    v = v,
    orders = {},
    probes = {},
    slots = CONST.game.actions_per_turn,
    balance = v.emp.balance,
    treasury = v.emp.treasury,
    crs = {}, -- cruisers at a system once the orders so far have run
    col = {}, -- colony ships
    ftr = {}, -- fighters
    pop = {}, -- population
    ind = {}, -- industry
    sticky = {}, -- systems the empire's ships cannot leave any more this turn
    grown = {}, -- systems whose population rises this turn (GROW or COLONISE)
    claimed = {}, -- systems a move or attack of this sheet takes
    busy = {}, -- cruisers committed at a system (kept there as a garrison)
    used = {}, -- action names used, for once-per-turn and exclusive actions
    notes = {}, -- facts steps leave for later steps
    reserve = 0, -- slots kept back for later steps until they release them
    -- The methods as the plan's own fields: a call then finds them without the metatable's
    -- lookup, which the interpreter makes in C (the steps call them thousands of times). In
    -- the constructor, so that the table is made at its size at once; any method not listed
    -- here is still found through the metatable.
    left = P.left, keep_back = P.keep_back, release = P.release, add = P.add,
    cruisers = P.cruisers, free_cruisers = P.free_cruisers, colony_ships = P.colony_ships,
    fighters = P.fighters, population = P.population, industry = P.industry, shift = P.shift,
    owns = P.owns, move_cruisers = P.move_cruisers, commit = P.commit, result = P.result,
    code = P.code, count = P.count,
  }, P)
  return p
end

-- Action slots still free (less those kept back).
function P:left() return self.slots - #self.orders - self.reserve end

-- Keeps n slots back from the steps before the one that calls release().
function P:keep_back(n) self.reserve = mmax(0, mmin(n, self.slots - #self.orders)) end

-- Gives back the slots kept back.
function P:release() self.reserve = 0 end

-- Adds an order {action, from, to, number, why} costing `cost` BPs and `tcost` treasury BPs
-- if a slot is free and both are affordable; returns true if added.
function P:add(o, cost, tcost)
  cost, tcost = cost or 0, tcost or 0
  if self:left() <= 0 or cost > self.balance or tcost > self.treasury then return false end
  self.orders[#self.orders + 1] = o
  self.balance = self.balance - cost
  self.treasury = self.treasury - tcost
  self.used[o.action] = true
  return true
end

-- (The counts below read their table first and call this only on a miss: they run thousands
-- of times a turn.)
local function cached(self, t, sys, field)
  local n = t[sys]
  if n == nil then
    n = self.v:h(sys)[field]
    t[sys] = n
  end
  return n
end

-- Cruisers at sys once the orders so far have run.
function P:cruisers(sys)
  local n = self.crs[sys]
  if n ~= nil then return n end
  return cached(self, self.crs, sys, "cruisers")
end
-- Cruisers at sys free to move: there, not committed, and sys not stuck.
function P:free_cruisers(sys)
  if self.sticky[sys] then return 0 end
  return mmax(0, self:cruisers(sys) - (self.busy[sys] or 0))
end
-- Colony ships at sys once the orders so far have run.
function P:colony_ships(sys)
  local n = self.col[sys]
  if n ~= nil then return n end
  return cached(self, self.col, sys, "colony_ships")
end
-- Fighters at sys once the orders so far have run.
function P:fighters(sys)
  local n = self.ftr[sys]
  if n ~= nil then return n end
  return cached(self, self.ftr, sys, "fighters")
end
-- Population at sys once the orders so far have run.
function P:population(sys)
  local n = self.pop[sys]
  if n ~= nil then return n end
  return cached(self, self.pop, sys, "population")
end
-- Industry at sys once the orders so far have run.
function P:industry(sys)
  local n = self.ind[sys]
  if n ~= nil then return n end
  return cached(self, self.ind, sys, "industry")
end

-- Changes a planned count by delta.
function P:shift(t, sys, field, delta)
  t[sys] = cached(self, t, sys, field) + delta
end

-- True if the empire owns sys now or an earlier order of the sheet takes it.
function P:owns(sys) return self.v.mine[sys] == true or self.claimed[sys] == true end

-- Moves n cruisers between two systems in the plan; the destination sticks unless it is a
-- dwarf star the empire already owned.
function P:move_cruisers(from, to, n, claim)
  self:shift(self.crs, from, "cruisers", -n)
  self:shift(self.crs, to, "cruisers", n)
  if claim then self.claimed[to] = true end
  if claim or not self.v:is_dwarf(to) then self.sticky[to] = true end
end

-- Keeps n more cruisers at sys for the rest of the plan.
function P:commit(sys, n) self.busy[sys] = (self.busy[sys] or 0) + n end

-- The result ai.orders returns: {orders = {...}, probes = {...}}.
function P:result() return { orders = self.orders, probes = self.probes } end

-- A system code as three digits, for reasons.
function P.code(sys) return galaxy.code(sys) end

-- "1 cruiser", "3 cruisers": a count and a noun, for reasons.
function P.count(n, noun) return string.format("%d %s%s", n, noun, n == 1 and "" or "s") end

return P
