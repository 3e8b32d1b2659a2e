-- Treasury tech (rule 7.1): adds its level to the treasury every turn.

local P = { scope = "empire" }
local log = import("lib/log")
local words = import("lib/words")
local st = import("lib/st")

function P.run(empire, turn)
  local tr = st.tech(empire, "TR")
  if tr <= 0 then return end
  local t = state.empire(empire).treasury + tr
  state.set_empire(empire, { treasury = t })
  log.add(turn, "treasury", empire, string.format("Treasury tech added %s: treasury %d",
    words.count(tr, "BP"), t),
    { added = tr, treasury = t })
end

return P
