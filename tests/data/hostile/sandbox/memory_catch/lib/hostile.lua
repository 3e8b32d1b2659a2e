-- Grows a table until the memory budget refuses, catches that and tries again without end:
-- each try is refused at once, and the loop would spin through the whole step budget.
local t = {}
while true do
  pcall(function()
    local i = #t
    while true do
      i = i + 1
      t[i] = {}
    end
  end)
end
