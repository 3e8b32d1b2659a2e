-- Diplomats and their policies (16.8, 16.8.1): a diplomat is never surprised by an ally that
-- turns enemy, for its policy toward that race turns enemy as soon as the declaration is made;
-- a double diplomat holds every other race allied from the turn its type is chosen, never turns
-- from that by its own choice, only to mirror a race that declared it enemy; double diplomats
-- and the primitives are not enemies.

local race_types = import("lib/race_types")
local U = import("lib/units")

local D = {}

local C = rules.const.race_types.diplomat

-- True if race type `race_type` is a double diplomat.
local function double(race_type)
  return race_types.count(race_type, "diplomat") == 2
end

-- A double diplomat's policy toward every other race when its type is chosen (16.8.1).
function D.start(w, race)
  local r = w.races[race]
  if not double(r.race_type) then return end
  for _, other in ipairs(w.order) do
    if other ~= race then r.policy[other] = C.double_policy end
  end
end

-- Why a policy order of a race of type `race_type` naming `word` is refused, or nil: a double
-- diplomat turns from its policy only to mirror an enemy (16.8.1).
function D.refusal(race_type, word)
  if double(race_type) and word ~= C.double_policy then
    return string.format("a double diplomat's policy is %s toward every race until that " ..
      "race declares it an enemy (16.8.1)", C.double_policy)
  end
  return nil
end

-- After the general orders (20 step 2): a diplomat whose ally (any race, for a double
-- diplomat) declared it an enemy holds that race an enemy at once, with a line in its event
-- report (16.8, 16.8.1).
function D.mirror(w, races)
  for _, code in ipairs(races) do
    local r = w.races[code]
    local n = race_types.count(r.race_type, "diplomat")
    if n > 0 and C.mirrors_enemies then
      for _, other in ipairs(races) do
        local o = w.races[other]
        local mine = r.policy[other]
        if other ~= code and o.policy[code] == "enemy" and mine ~= "enemy" and
            (mine == "ally" or n == 2) then
          r.policy[other] = "enemy"
          U.event(w, code, string.format("Race %s declared you an enemy: your policy toward it " ..
            "is now enemy (16.8)", other))
        end
      end
    end
  end
end

return D
