-- The standard game's grammar without its blank, check, table and example hooks.
local G = {}

G.syntax = { comment = "#", quotes = false, max_tokens = 24 }

-- Reads a sheet as the standard game does.
function G.parse(r)
  return import("sheet/read").read(r)
end

return G
