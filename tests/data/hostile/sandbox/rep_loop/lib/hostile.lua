-- 8 MB strings over and over: each is one step of Lua, but string.rep pays for its bytes.
local n = 0
for _ = 1, 1e9 do
  n = n + #string.rep("x", 8e6)
end
return { n = n }
