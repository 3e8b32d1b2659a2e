-- A computer house takes three coins; a house whose player sent nothing takes none.
local S = import("turnsheet")

local A = {}

function A.sheet(empire, mode, info)
  local take = mode == "computer" and 3 or 0
  return S.header({ empire = empire, secret = info.secret, turn = info.turn })
    .. string.format("TAKE %d\n", take)
end

return A
