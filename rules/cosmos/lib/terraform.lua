-- Terraforming (section 14.2.3): which planet type a colony's planet may be turned into with
-- the race's technologies, the best one when several may (Terraforming III skips sub-terran).

local techs_lib = import("lib/techs")

local T = {}

local C = rules.const

-- Planet kinds as players write them.
local NAMES = { terran = "terran", subterran = "sub-terran", minimal = "minimal terran",
  barren = "barren", gas_giant = "gas giant" }

-- A planet kind as players write it: "sub-terran".
function T.name(kind)
  return NAMES[kind] or tostring(kind)
end

-- The kind a planet of `kind` becomes when terraformed with `techs` (the step whose new kind
-- ranks best, 10.2), or nil and why not, in the player's words.
function T.target(kind, techs)
  local best, needed
  for _, step in ipairs(C.terraforming.steps) do
    if step.from == kind then
      if techs_lib.has(techs, step.tech) then
        if not best or C.planets[step.to].rank < C.planets[best].rank then best = step.to end
      elseif not needed then
        needed = step.tech
      end
    end
  end
  if best then return best end
  if needed then return nil, "needs " .. import("lib/data").tech(needed).name end
  return nil, string.format("a %s planet cannot be terraformed", T.name(kind))
end

return T
