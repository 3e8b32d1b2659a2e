-- TRADE and TAKE (rules 7.4-7.6, RULINGS.md): a TRADE offer and the matching TAKE meet within
-- the same turn whatever their slots, and resolve when the later of the two runs: the trader's
-- level (and so what it can trade) is the one it holds then, so a level bought with TECH
-- between the two is tradeable. The taker gains one level and pays the trade cost from its
-- treasury; the trader gets half of it. A level gained by TAKE this turn cannot be traded on
-- this turn.

local T = {}
local act = import("lib/act")
local st = import("lib/st")
local techcost = import("lib/techcost")

-- The level an empire can trade: its level before any TAKE of that tech this turn.
local function tradeable_level(turn, empire, tech)
  local took = turn.took and turn.took[empire] and turn.took[empire][tech]
  return took or st.tech(empire, tech)
end

-- Resolves a TRADE offer and its TAKE, when the later of the two runs.
local function resolve(offer, take, res, turn)
  local taker, trader, tech = offer.to, offer.from, offer.tech
  offer.done, take.done = true, true
  -- What the trader can trade now: its level (less any TAKE of it this turn), or the level
  -- written in the TRADE's LEVEL box if that is lower.
  local cap = tradeable_level(turn, trader, tech)
  if offer.limit and offer.limit < cap then cap = offer.limit end
  if cap < 1 then return act.fail(res, "%s has no %s to trade", trader, tech) end
  local before = st.tech(taker, tech)
  local level = before + 1
  if level > cap then
    return act.fail(res, "%s trades %s only up to level %d and %s already has level %d", trader,
      tech, cap, taker, before)
  end
  if level > st.tech_cap(tech) then
    return act.fail(res, "%s may not go above level %d", tech, st.tech_cap(tech))
  end
  local cost = techcost.take(level)
  local te = state.empire(taker)
  if cost > te.treasury then
    return act.fail(res, "taking %s %d costs %s %d treasury BPs and it has %d", tech, level,
      taker, cost, te.treasury)
  end
  local share = techcost.trader_share(level)
  state.set_empire(taker, { treasury = te.treasury - cost })
  state.set_empire(trader, { treasury = state.empire(trader).treasury + share })
  st.set_tech(taker, tech, level)
  turn.took = turn.took or {}
  turn.took[taker] = turn.took[taker] or {}
  if turn.took[taker][tech] == nil then turn.took[taker][tech] = before end
  res.details.trade = { trader = trader, taker = taker, tech = tech, level = level, cost = cost,
    trader_share = share }
  if res.details.role == "take" then res.spent = cost end
  local line = string.format("%s took %s level %d from %s: %d treasury BPs paid, %d to %s",
    taker, tech, level, trader, cost, share, trader)
  act.note(res, line)
  act.event(res, res.details.role == "take" and trader or taker, line)
  return true
end

-- A TRADE action: records the offer (with the LEVEL box, if written) and resolves it if the
-- TAKE already ran. What can be traded is worked out when the pair resolves.
function T.offer(order, res, turn)
  local e, tech, to = order.empire, order.from, order.to
  res.details.role = "trade"
  if not rules.tech[tech] then return act.fail(res, "there is no tech %s", tech) end
  if to == e then return act.fail(res, "you cannot TRADE with yourself") end
  if not act.require_empire(res, to, "WHICH EMPIRE") then return end
  local limit = order.number and order.number.n or nil
  local offer = { from = e, to = to, tech = tech, limit = limit, slot = order.slot }
  turn.offers = turn.offers or {}
  turn.offers[#turn.offers + 1] = offer
  for _, take in ipairs(turn.takes or {}) do
    if not take.done and take.empire == to and take.from == e and take.tech == tech then
      return resolve(offer, take, res, turn)
    end
  end
  if limit then
    act.note(res, "%s offered to %s up to level %d; it completes if %s TAKEs it this turn", tech,
      to, limit, to)
  else
    act.note(res, "%s offered to %s (you can trade level %d now); it completes if %s TAKEs it "
      .. "this turn", tech, to, tradeable_level(turn, e, tech), to)
  end
end

-- A TAKE action: records the request and resolves it if the TRADE already ran.
function T.take(order, res, turn)
  local e, tech, from = order.empire, order.from, order.to
  res.details.role = "take"
  if not rules.tech[tech] then return act.fail(res, "there is no tech %s", tech) end
  if from == e then return act.fail(res, "you cannot TAKE from yourself") end
  if not act.require_empire(res, from, "WHICH EMPIRE") then return end
  local take = { empire = e, from = from, tech = tech, slot = order.slot }
  turn.takes = turn.takes or {}
  turn.takes[#turn.takes + 1] = take
  for _, offer in ipairs(turn.offers or {}) do
    if not offer.done and offer.to == e and offer.from == from and offer.tech == tech then
      return resolve(offer, take, res, turn)
    end
  end
  act.note(res, "waiting for %s to TRADE %s this turn", from, tech)
end

return T
