-- Rule-specific report sections (rules 1.8, 2.10, 2.12): what an empire's report shows about
-- its economy. The engine builds the rest of the report from the state and the outcome records.

local R = {}
local economy = import("lib/economy")
local st = import("lib/st")

-- The economy section of an empire's report: {income, supply, systems = {{code, income,
-- supply, limit, blockaded, overpopulation}, ...}}.
function R.empire(empire)
  local out = { income = economy.income(empire), supply = economy.supply(empire),
    income_tech = st.tech(empire, "BP"), systems = {} }
  for _, sys in ipairs(st.owned(empire)) do
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
  out.bombs_left = math.max(0, st.tech(empire, "BT") - e.bombs_used)
  out.probe_boxes = st.tech(empire, rules.const.game.probe_tech)
  return out
end

-- Lines for the GM's view of the game (`hyperlane show`): the hidden census schedule and where
-- the game stands on victory (rule 8).
function R.gm_summary()
  local g = state.game()
  local lines = {
    string.format("Points-win target: %d VPs.  Next census (hidden from players): turn %d.",
      g.points_target, g.next_census),
    string.format("Census turns held: %s.", #g.census_turns == 0 and "none yet"
      or table.concat(g.census_turns, ", ")),
  }
  if g.ended_turn > 0 then
    lines[#lines + 1] = string.format("Victory: the game ended on turn %d: %s won (%s win).",
      g.ended_turn, g.winner or "?", g.condition or "?")
  elseif g.warning_turn > 0 then
    lines[#lines + 1] = string.format("Victory: warning since turn %d: the game ends at the "
      .. "next census if any victory condition holds then.", g.warning_turn)
  else
    lines[#lines + 1] = "Victory: no warning in force."
  end
  return lines
end

return R
