-- Installations of a colony: what they cost and how many may be built or run (section 8.2,
-- 8.7, 11.2). Kinds are the words of the construct order: industries, starport, bases,
-- research, shields.

local techs_lib = import("lib/techs")

local I = {}

local C = rules.const.installations

I.kinds = { "industries", "starport", "bases", "research", "shields" }

-- The i.p. cost of one installation of `kind` on a planet with `minerals` (8.2); primitives pay
-- a surcharge on every kind (8.7). Shields need Planet Shield: nil without it. A double
-- researcher's research centres cost less (16.2.1; race_type: the owner's).
function I.cost(kind, minerals, techs, primitive, race_type)
  local has = function(code) return techs_lib.has(techs, code) end
  local cost
  if kind == "industries" then
    cost = minerals + C.industry_over_minerals - (has(C.industry_cheaper_tech) and 1 or 0)
  elseif kind == "starport" then
    cost = has(C.construction_tech) and C.starport_cheaper or C.starport
  elseif kind == "bases" then
    if has(C.army_tech) then
      cost = C.base_cheapest
    elseif has(C.construction_tech) then
      cost = C.base_cheaper
    else
      cost = C.base
    end
  elseif kind == "research" then
    cost = C.research
    if import("lib/race_types").count(race_type, "researcher") == 2 then
      cost = math.min(cost, rules.const.race_types.researcher.double_research_centre_cost)
    end
  elseif kind == "shields" then
    if not has(C.shield_tech) and not primitive then return nil end
    cost = C.shield
  else
    error("no installation kind '" .. tostring(kind) .. "'", 2)
  end
  if primitive then cost = cost + rules.const.primitives.surcharge end
  return cost
end

-- Fighting population: the population, never less than the minimum that defends (11.2).
function I.fighting(population)
  return math.max(population, rules.const.defences.fighting_min)
end

-- Defence bases a colony may operate (8.2, 11.2).
function I.operable_bases(population, techs)
  local per = techs_lib.has(techs, C.army_tech) and C.bases_per_fighter_army or C.bases_per_fighter
  return per * I.fighting(population)
end

-- The most of `kind` a colony may have after building (nil: no limit): bases up to a margin over
-- those it can operate, shields up to the cap (8.2).
function I.build_limit(kind, population, techs)
  if kind == "bases" then return I.operable_bases(population, techs) + C.bases_over_operable end
  if kind == "shields" then return C.shields_max end
  return nil
end

-- How many of `kind` a construct order builds: `wanted` (nil: as many as possible), limited by
-- the i.p. available and the build limit. Returns count, i.p. spent (0, 0 when nothing can be
-- built) and, when it builds fewer than wanted (or none when none was named), what stopped
-- it: "tech" (shields without Planet Shield), "limit" (the most the colony may have) or "ip".
function I.construct(kind, wanted, have, ip, minerals, population, techs, primitive, race_type)
  local cost = I.cost(kind, minerals, techs, primitive, race_type)
  if not cost then return 0, 0, "tech" end
  local by_ip = math.floor(ip / cost)
  local n = by_ip
  if wanted then n = math.min(n, wanted) end
  local limit = I.build_limit(kind, population, techs)
  local room = limit and math.max(0, limit - have)
  if room then n = math.min(n, room) end
  local why
  if (wanted and n < wanted) or (not wanted and n == 0) then
    why = (room and n == room and (not wanted or room < wanted) and room <= by_ip) and "limit"
      or "ip"
  end
  return n, n * cost, why
end

-- I.p. back from dismantling `n` of `kind` (8.2): shields give nothing back.
function I.dismantle_refund(kind, n)
  if kind == "shields" then return 0 end
  return n * C.dismantle_refund
end

return I
