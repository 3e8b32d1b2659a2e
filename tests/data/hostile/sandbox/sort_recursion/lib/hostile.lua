-- A table.sort comparator that sorts again.
local function go()
  table.sort({3, 2, 1}, function(a, b)
    go()
    return a < b
  end)
end
go()
return {}
