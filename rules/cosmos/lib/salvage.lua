-- Salvage (section 11.4): a destroyed colony leaves its industries, starport, research centres
-- and i.p. on the planet. The next colony founded there takes all the i.p., and half the
-- installations (rounded down) unless it belongs to the race that left them.

local S = {}

-- What a destroyed colony leaves: {industries, starport, research, ip, from = owner or nil}.
function S.leave(colony)
  return { industries = colony.industries, starport = colony.starport,
    research = colony.research, ip = colony.ip, from = colony.owner }
end

-- What a new colony of race `owner` takes from `remains` (as left by S.leave): {industries,
-- starport, research, ip}.
function S.take(remains, owner)
  local d = remains.from == owner and 1 or rules.const.salvage.other_race_divisor
  return { industries = math.floor(remains.industries / d),
    starport = math.floor(remains.starport / d),
    research = math.floor(remains.research / d), ip = remains.ip }
end

-- The installations and i.p. a colony founded by `owner` starts with on a planet where
-- `remains` (or nil) were left: its new starport (a traveller's bigger one, 16.6; race_type:
-- the owner's), or the salvaged one if that is larger.
function S.founding(remains, owner, race_type)
  local new = import("lib/race_types").best(race_type, "new_colony_starport",
    rules.const.installations.new_colony_starport)
  if not remains then return { industries = 0, starport = new, research = 0, ip = 0 } end
  local got = S.take(remains, owner)
  got.starport = math.max(new, got.starport)
  return got
end

return S
