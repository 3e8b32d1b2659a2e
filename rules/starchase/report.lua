-- Rule-specific report sections (rules 1.8, 2.10, 2.12): what an empire's report shows about
-- its economy. The engine builds the rest of the report from the state and the outcome records.

local R = {}
local economy = import("lib/economy")

-- The economy section of an empire's report: {income, supply, systems = {{code, income,
-- supply, limit, blockaded, overpopulation}, ...}}.
function R.empire(empire)
  local out = { income = economy.income(empire), supply = economy.supply(empire),
    income_tech = state.tech(empire, "BP"), systems = {} }
  for _, sys in ipairs(state.owned(empire)) do
    out.systems[#out.systems + 1] = {
      code = sys,
      income = economy.system_income(empire, sys),
      supply = economy.system_supply(empire, sys),
      limit = economy.pop_limit(empire, sys),
      blockaded = economy.blockaded(sys),
      overpopulation = economy.overpopulation(empire, sys),
    }
  end
  local e = state.empire(empire)
  out.bombs_left = math.max(0, state.tech(empire, "BT") - e.bombs_used)
  out.probe_boxes = state.tech(empire, rules.const.game.probe_tech)
  return out
end

return R
