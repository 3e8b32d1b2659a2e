-- Every action imports lib/act: its top level never ends.
local n = 0
while true do
  n = n + 1
end
return {}
