-- Elimination (rule 8.1): an empire with no systems, or with no income and no BPs (balance 0
-- and treasury 0), is eliminated.

local P = { scope = "game" }
local economy = import("lib/economy")
local st = import("lib/st")
local log = import("lib/log")

function P.run(_, turn)
  for _, e in ipairs(state.order()) do
    local emp = state.empire(e)
    if not emp.eliminated then
      local systems = #st.owned(e)
      -- (income last: it reads every system, and only an empire without BPs needs it)
      local broke = emp.balance == 0 and emp.treasury == 0 and economy.income(e) == 0
      if systems == 0 or broke then
        state.set_empire(e, { eliminated = true })
        log.add(turn, "elimination", e, string.format("%s is eliminated (%s)", e,
          systems == 0 and "no systems left" or "no income and no BPs"), {})
      end
    end
  end
end

return P
