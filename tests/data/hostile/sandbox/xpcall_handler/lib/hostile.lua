-- The error handler of an xpcall loops forever: the step budget stops it there.
local function handler()
  while true do end
end
xpcall(function() error("first") end, handler)
return {}
