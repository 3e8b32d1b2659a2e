-- Words for players: a count with its noun in the right form ("1 industry", "3 industries"), for
-- the nouns of the reports whose singular is not the plural less an "s".

local W = {}

-- Singulars of the plural nouns the reports count (installation kinds and the like).
local SINGULARS = {
  industries = "industry",
  bases = "base",
  shields = "shield",
  colonies = "colony",
  ships = "ship",
  planets = "planet",
}

-- The noun for `n` of `plural`: its singular for 1, else the plural itself.
function W.noun(n, plural)
  if n == 1 then return SINGULARS[plural] or plural end
  return plural
end

-- "1 industry", "0 industries", "3 bases": a count and its noun.
function W.count(n, plural)
  return string.format("%d %s", n, W.noun(n, plural))
end

return W
