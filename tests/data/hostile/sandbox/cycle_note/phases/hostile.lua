-- A phase note whose data refers to itself: once exit 2 "internal error" with no place.
local P = { scope = "game" }

function P.run(_, turn)
  local data = { n = 1 }
  data.self = data
  turn.log[#turn.log + 1] = { phase = "hostile", empire = "", text = "cycle", data = data }
end

return P
