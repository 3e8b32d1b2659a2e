-- A gigabyte built in one C call.
local s = string.rep("x", 1e9)
return { s = s }
