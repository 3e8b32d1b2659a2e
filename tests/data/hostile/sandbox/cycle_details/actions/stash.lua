-- STASH whose details refer to themselves: the result cannot be recorded, and the error names
-- this file's run function.
local A = {
  name = "STASH",
  formats = { { from = "none", to = "none", number = "amount" } },
}

function A.run(_, res)
  res.details.self = res.details
end

return A
