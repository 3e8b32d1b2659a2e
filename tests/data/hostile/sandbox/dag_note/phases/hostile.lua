-- 24 levels, each holding the next twice: 16 million leaves by reference. It once made a
-- 1.5 GB results.json.
local P = { scope = "game" }

function P.run(_, turn)
  local t = { x = 1 }
  for _ = 1, 24 do
    t = { a = t, b = t }
  end
  turn.log[#turn.log + 1] = { phase = "hostile", empire = "", text = "dag", data = t }
end

return P
