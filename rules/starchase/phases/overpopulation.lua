-- Overpopulation (rules 2.7, 2.13): every system above its population limit loses
-- economy.overpopulation_loss population. This runs before income and supply are worked out
-- (RULINGS.md, turn sequence step 5), so a system one above its limit pays no extra supply.

local P = { scope = "empire" }
local economy = import("lib/economy")
local st = import("lib/st")
local log = import("lib/log")

function P.run(empire, turn)
  local loss = rules.const.economy.overpopulation_loss
  for _, sys in ipairs(st.owned(empire)) do
    local over = economy.overpopulation(empire, sys)
    if over > 0 then
      local h = state.holding(sys)
      local n = math.min(loss, over)
      state.set_holding(sys, { population = h.population - n })
      log.add(turn, "overpopulation", empire, string.format(
        "Overpopulation at %s: population fell from %d to %d (limit %d)", galaxy.code(sys), h.population,
        h.population - n, economy.pop_limit(empire, sys)), { system = sys, lost = n })
    end
  end
end

return P
