-- Calls for tests/test_shared_calls.cpp: what a job reads from the state and its random stream,
-- and a job that tries to change the state.
local M = {}

-- The systems an empire owns (state.find, which builds an index on first use) and three draws
-- from the call's random stream, as one line.
function M.read(empire)
  local owned = state.find("holding", "owner", empire)
  local draws = {}
  for i = 1, 3 do draws[i] = math.random(1000) end
  return empire .. " owns " .. #owned .. " draws " .. table.concat(draws, ",")
end

-- Names the empire's first system "Taken".
function M.write(empire)
  local owned = state.find("holding", "owner", empire)
  state.set("holding", owned[1], { name = "Taken" })
  return "written"
end

return M
