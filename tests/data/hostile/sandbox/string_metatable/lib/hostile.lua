-- The metatable every string shares.
local mt = getmetatable("")
mt.__index = {}
return {}
