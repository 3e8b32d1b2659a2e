-- The engine reads action modules raw: the metamethod never runs, the fields are missing.
return setmetatable({}, { __index = function() error("boom") end })
