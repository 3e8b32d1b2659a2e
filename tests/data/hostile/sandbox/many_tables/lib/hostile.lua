-- Grows until the memory budget (64 MiB here) stops it.
local t = {}
local i = 0
while true do
  i = i + 1
  t[i] = {}
end
