-- a generator that fails when run
local G = { params = {} }
function G.generate(p, n)
  local t = nil
  return t.homes
end
return G
