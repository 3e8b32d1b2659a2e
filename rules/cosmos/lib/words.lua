-- Words for players: a count with its noun in the right form ("1 industry", "3 industries",
-- "10 research centres"), for the nouns of the reports. Installation kinds are the words of the
-- construct order (8.2: industries, starport, bases, research, shields); a count of one of them
-- reads with the installation's own noun.

local W = {}

-- The singular and plural of each noun the reports count, by the word the rules use.
local NOUNS = {
  industries = { "industry", "industries" },
  starport = { "starport point", "starport points" },
  bases = { "defence base", "defence bases" },
  research = { "research centre", "research centres" },
  shields = { "shield", "shields" },
  population = { "population unit", "population units" },
  ["population units"] = { "population unit", "population units" },
  slaves = { "slave population unit", "slave population units" },
  colonies = { "colony", "colonies" },
  ships = { "ship", "ships" },
  planets = { "planet", "planets" },
  shots = { "shot", "shots" },
  phases = { "phase", "phases" },
  segments = { "segment", "segments" },
  orders = { "order", "orders" },
  allies = { "ally", "allies" },
  ["administration points"] = { "administration point", "administration points" },
  ["capability points"] = { "bombing capability point", "bombing capability points" },
}

-- The noun for `n` of `word`: its singular for 1, else its plural; a word without a row is
-- its own plural.
function W.noun(n, word)
  local row = NOUNS[word]
  if not row then return word end
  return n == 1 and row[1] or row[2]
end

-- "1 industry", "0 industries", "3 defence bases": a count and its noun.
function W.count(n, word)
  return string.format("%d %s", n, W.noun(n, word))
end

-- A colony's installations as the status report lists them: "25 industries, a starport of 15,
-- 5 defence bases, 10 research centres, no shields". colony = {industries, starport, bases,
-- research, shields}.
function W.installations(colony)
  local function some(n, word)
    if n == 0 then return "no " .. W.noun(2, word) end
    return W.count(n, word)
  end
  return table.concat({ some(colony.industries or 0, "industries"),
    (colony.starport or 0) > 0 and string.format("a starport of %d", colony.starport) or
    "no starport", some(colony.bases or 0, "bases"), some(colony.research or 0, "research"),
    some(colony.shields or 0, "shields") }, ", ")
end

return W
