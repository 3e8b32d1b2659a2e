-- Frontier: asteroid belts yield extra income up to the owner's Mining Tech (MN) level,
-- and never more than their effective population.

local st = import("lib/st")
local X = {}

function X.system(empire, sys, p)
  if galaxy.kind(sys) ~= "belt" then return 0 end
  return math.min(p, st.tech(empire, "MN"))
end

return X
