-- Words for players: counts with the right noun form ("1 cruiser", "3 cruisers") and the
-- names of techs and kinds of place as the tables name them.

local W = {}

-- Nouns whose plural is not the singular plus "s".
local PLURALS = {
  ["colony ship"] = "colony ships",
  ["probe box"] = "probe boxes",
  ["reserve cruiser"] = "reserve cruisers",
}

-- The plural of a noun.
function W.plural(noun)
  return PLURALS[noun] or noun .. "s"
end

-- "1 cruiser", "0 cruisers", "3 cruisers": a count and its noun. `plural` overrides the
-- plural form for this call.
function W.count(n, noun, plural)
  if n == 1 then return "1 " .. noun end
  return string.format("%d %s", n, plural or W.plural(noun))
end

-- A count, its noun and the verb: "1 cruiser was", "3 cruisers were".
function W.were(n, noun, plural)
  return W.count(n, noun, plural) .. (n == 1 and " was" or " were")
end

-- A noun for a count without the number: "cruiser" for 1, "cruisers" otherwise.
function W.noun(n, noun, plural)
  if n == 1 then return noun end
  return plural or W.plural(noun)
end

-- A tech's name ("Agri Tech"), or its code if the table has none.
function W.tech(code)
  local t = rules.tech[code]
  return t and t.name or code
end

-- A kind's name ("Red giant"), or its code if the table has none.
function W.kind(code)
  local k = rules.kind[code]
  return k and k.name or code
end

return W
