-- a broken generator
local G = {}
function G.generate(p, n)
  local x = = 1
end
return G
