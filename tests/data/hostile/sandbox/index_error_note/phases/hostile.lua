-- A note table whose __index raises: the engine reads notes raw, so it never runs.
local P = { scope = "game" }
local boom = { __index = function() error("boom") end }

function P.run(_, turn)
  local note = setmetatable({ phase = "hostile", empire = "", text = "read raw" }, boom)
  note.data = setmetatable({ n = 1 }, boom)
  turn.log[#turn.log + 1] = note
end

return P
