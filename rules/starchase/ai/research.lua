-- Step "research": buys tech levels from the treasury (TECH, rule 7.2) where a level pays for
-- itself soonest, then moves treasury BPs above ai.treasury_keep into the balance (CASH) while
-- the balance is below ai.cash_below. It runs early in the sheet, so growth, battles and
-- builds later in the turn use the new levels and the cash.
--
-- Each tech's worth is what one more level adds per turn, in BPs: income techs by the
-- income they add to the systems owned now, supply tech by the supply it saves, birth labs
-- by the growth it speeds up, culture by census VPs (worth more as the horizon shortens),
-- fighting techs while other empires are next door. A level is bought while its worth per
-- treasury BP is at least ai.tech_min_return and the treasury keeps ai.treasury_reserve.

local S = {}
local mmin, mfloor = math.min, math.floor
local CONST = import("ai/const")
local techcost = import("lib/techcost")
local horizon = import("ai/horizon")
local C = CONST.ai
local SHIPS = CONST.ships
local CRUISER, FIGHTER, COLONY_SHIP = SHIPS.cruiser, SHIPS.fighter, SHIPS.colony_ship
local SUPPLY_DIVISOR = CONST.economy.supply_divisor
-- The techs' codes and caps in the pack's order, read once (rules.techs is copied on every
-- read).
local TECHS = {}
for i, t in ipairs(rules.techs) do TECHS[i] = { code = t.code, cap = t.cap } end

-- What the worth of AT, IT and ST depends on, per owned system: effective population for
-- income, industry, planet or not, and supply before supply tech.
local function economy_of(v, p)
  local list = {}
  local owned = v.owned
  for i = 1, #owned do
    local s = owned[i]
    local k = v:kind(s)
    local pop = p:population(s)
    local limited = mmin(pop, v:limit(s))
    local cost = p:cruisers(s) * CRUISER + p:fighters(s) * FIGHTER
      + p:colony_ships(s) * COLONY_SHIP
    list[i] = {
      p = k.yields_income and limited or 0, ind = p:industry(s), planet = k.code == "planet",
      supply = mfloor(cost / SUPPLY_DIVISOR) - limited,
    }
  end
  return list
end

-- Worth per turn (BPs) of raising tech `code` by one level.
local function worth(v, p, code, eco)
  local lvl = v:tech(code)
  if code == "AT" or code == "IT" or code == "ST" then
    -- One more level adds 1 BP where the system already uses every level it has.
    local n = 0
    for _, e in ipairs(eco) do
      if code == "AT" then
        if e.planet and e.p > lvl then n = n + 1 end
      elseif code == "IT" then
        if not e.planet and mmin(e.ind, e.p) > lvl then n = n + 1 end
      elseif e.supply - lvl > 0 then
        n = n + 1
      end
    end
    return n
  elseif code == "BP" or code == "TR" then
    return 1
  elseif code == "BL" then
    local growable = 0
    for _, s in ipairs(v.owned) do
      local pop = p:population(s)
      if pop > 0 and v:limit(s) - pop > lvl then growable = growable + 1 end
    end
    return C.birth_labs_worth * mmin(growable, C.grow_orders)
  elseif code == "CL" then
    return C.culture_worth / horizon.turns(v)
  elseif code == "ET" then
    if v.mode == "missed" then return 0 end
    return C.expo_worth * mmin(#v:frontier(), C.expo_frontier)
  elseif code == "WT" or code == "MC" or code == "DT" then
    if #v:enemies() == 0 or lvl >= (C.fighting_tech_max[code] or 0) then return 0 end
    if code ~= "DT" and v.mode == "missed" then return 0 end
    return C.fighting_tech_worth
  elseif code == "LS" then
    local black = 0
    for _, s in ipairs(v.owned) do
      if v:kind(s).pop_limit_tech == "LS" then black = black + 1 end
    end
    return C.life_support_worth * black
  end
  return 0
end

function S.run(p, v)
  local eco -- worked out on first use: most turns the treasury affords nothing
  -- Each tech's worth, kept between rounds: a purchase changes only the worth of the tech
  -- bought and of birth labs (whose worth reads the population limits, which tech levels
  -- may set).
  local worths = {}
  local bought = 0
  while bought < C.tech_orders and p:left() > 0 do
    local best, best_ratio, best_cost, best_gain
    for i = 1, #TECHS do
      local t = TECHS[i]
      local code = t.code
      local lvl = v:tech(code)
      if not (t.cap and lvl >= t.cap) then
        local cost = techcost.buy(lvl, lvl + 1)
        if p.treasury - cost >= C.treasury_reserve then
          if not eco and (code == "AT" or code == "IT" or code == "ST") then
            eco = economy_of(v, p)
          end
          local gain = worths[code]
          if gain == nil then
            gain = worth(v, p, code, eco)
            worths[code] = gain
          end
          local ratio = gain / cost
          if ratio >= C.tech_min_return and (not best or ratio > best_ratio) then
            best, best_ratio, best_cost, best_gain = code, ratio, cost, gain
          end
        end
      end
    end
    if not best then break end
    local lvl = v:tech(best) + 1
    p:add({ action = "TECH", from = best, why = string.format(
      "buy %s level %d for %d treasury BPs: worth about %.1f BPs a turn", best, lvl, best_cost,
      best_gain) }, 0, best_cost)
    v.techs[best] = lvl
    worths[best], worths.BL = nil, nil
    bought = bought + 1
  end
  local spare = p.treasury - C.treasury_keep
  if spare >= C.cash_min and p.balance < C.cash_below and p:left() > 0 then
    p:add({ action = "CASH", number = spare, why = string.format(
      "the treasury holds %d BPs more than the %d kept for research", spare, C.treasury_keep) })
    p.balance = p.balance + spare
    p.treasury = p.treasury - spare
  end
end

return S
