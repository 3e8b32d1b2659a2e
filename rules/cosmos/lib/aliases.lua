-- Aliases (sections 18.2, 18.2.1): names a race gives to colony and ship IDs, written with a
-- dollar sign ("$victory") wherever an ID may stand, and defined by the general order alias
-- (any ID) or the unit order myalias (the unit's own ID). A counting alias ends in a period
-- ("$transport."): each definition from it makes the next numbered alias (transport1,
-- transport2, ...), and the counting alias itself stands for the last one made. Names are kept
-- in lower case (the seed does not say aliases differ by case). An allied race's alias is
-- written "$4/victory".
--
-- A race keeps its aliases in `aliases` (name -> ID, or "$name" for a counting alias) and the
-- count of each counting alias in `alias_counts`.

local A = {}

-- The race (or nil: the writer's) and the name (lower case) of an alias word, or nil.
function A.parse(word)
  local text = tostring(word or "")
  local race, name = text:match("^%$(%d%d?)/([%w%-_%.]+)$")
  if not race then name = text:match("^%$([%w%-_%.]+)$") end
  if not name or #name > 50 then return nil end
  return race, name:lower()
end

-- True if a word is an alias.
function A.is_alias(word)
  return tostring(word or ""):sub(1, 1) == "$"
end

-- Makes alias `name` (lower case, maybe counting) of race `r` (its world record) stand for
-- `id` ("S0103", "C138"); returns the alias actually defined ("transport2" for a counting
-- alias).
function A.define(r, name, id)
  r.aliases = r.aliases or {}
  r.alias_counts = r.alias_counts or {}
  if name:sub(-1) == "." then
    local n = (r.alias_counts[name] or 0) + 1
    r.alias_counts[name] = n
    local made = name:sub(1, -2) .. n
    r.aliases[made] = id
    r.aliases[name] = "$" .. made
    return made
  end
  r.aliases[name] = id
  return name
end

-- Deletes alias `name` of race `r`; a counting alias starts over from 1 (18.2.1).
function A.delete(r, name)
  if r.aliases then r.aliases[name] = nil end
  if r.alias_counts then r.alias_counts[name] = nil end
end

-- True if races a and b hold each other allied (4).
local function mutual_allies(w, a, b)
  local ra, rb = w.races[a], w.races[b]
  return ra and rb and ra.policy[b] == "ally" and rb.policy[a] == "ally"
end

-- The ID an alias word written by race `race` stands for now, or nil and why. "$4/x" reads
-- race 4's aliases, if the two races hold each other allied.
function A.resolve(w, race, word)
  local owner, name = A.parse(word)
  if not name then return nil, string.format("%s is not an alias", tostring(word)) end
  if owner and owner ~= race then
    if not w.races[owner] then
      return nil, string.format("%s: there is no race %s", word, owner)
    end
    if not mutual_allies(w, race, owner) then
      return nil, string.format("%s: race %s and you do not hold each other allied", word,
        owner)
    end
  end
  local r = w.races[owner or race]
  local id = r.aliases and r.aliases[name]
  -- A counting alias stands for the last alias made from it.
  if id and id:sub(1, 1) == "$" then id = r.aliases[id:sub(2)] end
  if not id then return nil, string.format("%s is not defined", word) end
  return id
end

-- Replaces the aliases among an order's words by the IDs they stand for (18.2: when the order
-- is first carried out; from then on its IDs stay as they are). myalias keeps its word (it
-- defines it). An alias not yet defined stays, so the order finds no such unit; returns the
-- reasons of those as a list.
function A.resolve_order(w, race, o)
  if o.verb == "myalias" then return {} end
  local problems = {}
  for i, a in ipairs(o.args or {}) do
    if A.is_alias(a) then
      local id, why = A.resolve(w, race, a)
      if id then o.args[i] = id else problems[#problems + 1] = why end
    end
  end
  return problems
end

return A
