-- Visibility for every empire, every turn, whose error handler never ends: each call would spend
-- a whole step budget in the handler and return as if nothing happened.
local P = { scope = "empire" }
function P.run()
  xpcall(function() error("no sight") end, function()
    while true do end
  end)
end
return P
