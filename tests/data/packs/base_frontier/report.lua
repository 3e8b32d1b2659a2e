-- The standard reports, with a line of the Frontier before the GM's turn summary.
local base = import("base:report")

local R = {}
for name, fn in pairs(base) do R[name] = fn end

function R.turn_summary(ctx)
  local lines = { "Frontier: turn " .. ctx.turn }
  for _, line in ipairs(base.turn_summary(ctx)) do lines[#lines + 1] = line end
  return lines
end

return R
