-- Step "develop": grows population (GROW, rule 6.3) and builds industry (BUILD, rule 6.2)
-- where it pays best. Every option is scored in VPs by the planning horizon (ai/horizon.lua):
-- extra income is worth what it buys in industry over the turns left, and industry scores at
-- every census. Industry up to the population pays income and VPs; industry above the
-- population (up to the limit) pays VPs only, so it comes last. Options are taken best value
-- per BP first while BPs and action slots last, keeping ai.develop_keep_slots slots for later
-- steps; several BUILD levels in one system are one order. The steps before it leave it
-- ai.develop_slots_min to ai.develop_slots_max slots, one per ai.develop_slot_bps BPs of
-- balance (ai.lua keeps them back).

local S = {}
local mmin, mmax, mfloor = math.min, math.max, math.floor
local CONST = import("ai/const")
local horizon = import("ai/horizon")
local view = import("ai/view")
local income_of, ships_supply, supply_of = view.income_of, view.ships_supply, view.supply_of
local C = CONST.ai
local COST = CONST.actions
local BUILD_BPS = COST.build_per_level

-- True if option a comes before b: best value per BP first, then by system, GROW before BUILD.
local function better(a, b)
  if a.ratio ~= b.ratio then return a.ratio > b.ratio end
  if a.sys ~= b.sys then return a.sys < b.sys end
  return a.kind < b.kind
end

local function options(p, v)
  local iw, vw = horizon.income_worth(v), horizon.industry_worth(v)
  local bl = v:tech("BL")
  local list, n = {}, 0
  local owned, claimed, grown = v.owned, p.claimed, p.grown
  -- (Income and supply as V:income_at and V:supply_at work them out, with the system's
  -- kind, limit and ship supply looked up once.)
  local techs = v.techs
  for i = 1, #owned do
    local s = owned[i]
    if not claimed[s] and not v:blockaded(s) then
      local pop, ind, lim = p:population(s), p:industry(s), v:limit(s)
      local k = v:kind(s)
      if pop > 0 and v:h(s).population > 0 and not grown[s] and pop < lim then
        local ships = ships_supply(p:cruisers(s), p:fighters(s), p:colony_ships(s))
        local st_level = techs.ST or 0
        local gain = mmin(bl, lim - pop)
        local d = income_of(k, lim, techs, pop + gain, ind) - income_of(k, lim, techs, pop, ind)
          + supply_of(ships, lim, st_level, pop) - supply_of(ships, lim, st_level, pop + gain)
        if d > 0 then
          local worth = d * iw
          n = n + 1
          list[n] = { kind = "GROW", sys = s, cost = pop, worth = worth, gain = gain,
            ratio = worth / pop }
        end
      end
      local room = lim - ind
      if room > 0 then
        local matched = mmax(0, mmin(pop, lim) - ind)
        if matched > 0 then
          local d = income_of(k, lim, techs, pop, ind + matched)
            - income_of(k, lim, techs, pop, ind)
          local cost, worth = matched * BUILD_BPS, d * iw + matched * vw
          n = n + 1
          list[n] = { kind = "BUILD", sys = s, levels = matched, cost = cost, worth = worth,
            paying = true, ratio = worth / cost }
        end
        if room > matched then
          local cost, worth = (room - matched) * BUILD_BPS, (room - matched) * vw
          n = n + 1
          list[n] = { kind = "BUILD", sys = s, levels = room - matched, cost = cost,
            worth = worth, ratio = worth / cost }
        end
      end
    end
  end
  -- (table.sort, not a sort of the pack's own: two BUILD options of one system can tie, and
  -- the sheet's reasons follow the order table.sort leaves them in.)
  table.sort(list, better)
  return list
end

-- Adds `levels` BUILD levels at sys, into the sheet's BUILD order there if it has one.
function S.build(p, sys, levels, why)
  local cost = levels * COST.build_per_level
  if cost > p.balance then return false end
  p.notes.build = p.notes.build or {}
  local o = p.notes.build[sys]
  if o then
    o.number = o.number + levels
    p.balance = p.balance - cost
  else
    o = { action = "BUILD", from = sys, number = levels, why = why }
    if not p:add(o, cost) then return false end
    p.notes.build[sys] = o
  end
  p:shift(p.ind, sys, "industry", levels)
  return true
end

function S.run(p, v)
  p:release()
  local keep = C.develop_keep_slots
  for _, o in ipairs(options(p, v)) do
    if p.balance < 1 then break end
    local has_order = o.kind == "BUILD" and p.notes.build and p.notes.build[o.sys]
    if p:left() > keep or has_order then
      if o.kind == "GROW" then
        if o.cost <= p.balance and p:add({ action = "GROW", from = o.sys, why = string.format(
            "population %d -> %d for %d BPs", o.cost, o.cost + o.gain, o.cost) }, o.cost) then
          p.grown[o.sys] = true
          p:shift(p.pop, o.sys, "population", o.gain)
        end
      else
        local levels = mmin(o.levels, mfloor(p.balance / COST.build_per_level))
        if levels > 0 then
          S.build(p, o.sys, levels, o.paying and "industry for the population there: income and VPs"
            or "industry up to the limit: VPs at every census")
        end
      end
    end
  end
end

return S
