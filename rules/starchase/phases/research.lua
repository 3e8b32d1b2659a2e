-- Research (rule 7.7): one free tech level each turn, the set-up turn included, drawn with
-- probability proportional to the empire's current levels. Levels at 0 cannot be drawn, and a
-- tech already at its cap (probe tech at 9; any tech at the most a game can hold, 1000000,
-- which only a scenario can give: st.tech_cap) is left out.

local P = { scope = "empire" }
local log = import("lib/log")
local st = import("lib/st")

-- The techs an empire may research and their weights, in tech-table order.
function P.weights(empire)
  local codes, weights = {}, {}
  for _, t in ipairs(rules.techs) do
    local level = st.tech(empire, t.code)
    if level > 0 and level < st.tech_cap(t.code) then
      codes[#codes + 1] = t.code
      weights[#weights + 1] = level
    end
  end
  return codes, weights
end

function P.run(empire, turn)
  local codes, weights = P.weights(empire)
  if #codes == 0 then return end
  local code = codes[rng.weighted(weights)]
  local level = st.tech(empire, code) + 1
  st.set_tech(empire, code, level)
  log.add(turn, "research", empire, string.format("Research: %s (%s) rose to level %d", code,
    rules.tech[code].name, level), { tech = code, level = level })
end

return P
