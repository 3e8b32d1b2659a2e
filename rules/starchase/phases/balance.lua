-- The balance for the next turn (rules 2.10, 2.12): income minus supply, never below 0.
-- The set-up turn adds the first-turn extra (start.first_turn_extra, RULINGS.md).

local P = { scope = "empire" }
local economy = import("lib/economy")
local words = import("lib/words")
local log = import("lib/log")

function P.run(empire, turn)
  local income, supply = economy.income_and_supply(empire)
  local balance = math.max(0, income - supply)
  if state.turn() == 0 then balance = balance + rules.const.start.first_turn_extra end
  state.set_empire(empire, { balance = balance })
  log.add(turn, "balance", empire, string.format(
    "Income %d, supply %d: %s for next turn", income, supply,
    words.count(balance, "BP")),
    { income = income, supply = supply, balance = balance })
end

return P
