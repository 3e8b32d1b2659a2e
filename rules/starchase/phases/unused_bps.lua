-- Unused BPs at the end of the turn (rule 2.9, RULINGS.md): first cruisers at the base (10 BPs
-- each, at most min(population, industry) there, the population capped by Life Support only at
-- black dwarfs), then fighters at home (3 BPs each, same cap), then STASH (3 BPs per treasury BP); the last 1 or 2 BPs are spent on ORDER and count
-- in the bidding for the next order of play. An unset base or home skips its step, as does
-- one the empire no longer owns or that is blockaded.

local P = { scope = "empire" }
local act = import("lib/act")
local words = import("lib/words")
local log = import("lib/log")

local function build(empire, sys, price, field, balance)
  if not sys or act.owner(sys) ~= empire or act.blockaded(sys) then return 0, balance end
  local h = state.holding(sys)
  local cap = act.build_limit(empire, sys)
  -- Never past what the state holds (only a scenario can come near it).
  local room = select(2, state.limits("holding", field)) - h[field]
  local n = math.max(0, math.min(cap, math.floor(balance / price), room))
  if n > 0 then state.set_holding(sys, { [field] = h[field] + n }) end
  return n, balance - n * price
end

function P.run(empire, turn)
  local e = state.empire(empire)
  local balance = e.balance
  if balance <= 0 then return end
  local spent = { start = balance }
  spent.cruisers, balance = build(empire, e.base, rules.const.ships.cruiser, "cruisers", balance)
  spent.fighters, balance = build(empire, e.home, rules.const.ships.fighter, "fighters", balance)
  local price = rules.const.economy.stash_cost
  local room = select(2, state.limits("empire", "treasury")) - e.treasury
  spent.stashed = math.max(0, math.min(math.floor(balance / price), room))
  balance = balance - spent.stashed * price
  spent.order = balance
  if balance > 0 then act.tally(turn, "order_spent", empire, balance) end
  state.set_empire(empire, { balance = 0, treasury = e.treasury + spent.stashed })
  log.add(turn, "unused_bps", empire, string.format(
    "Unused BPs (%d): %s at the base, %s at home, %d stashed, %d on ORDER",
    spent.start, words.count(spent.cruisers, "cruiser"), words.count(spent.fighters, "fighter"),
    spent.stashed, spent.order), spent)
end

return P
