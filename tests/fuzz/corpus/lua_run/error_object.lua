error(setmetatable({message = 1}, {__index = function() error("inner") end}))
