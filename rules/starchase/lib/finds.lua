-- Old Empire finds (rule 3.11, RULINGS.md): capturing a system nobody ever owned turns up
-- something drawn from the table in pack.toml [constants.finds]: ships, industry, VPs, BPs,
-- treasury BPs or tech levels anywhere, population only on planets. The amount is uniform in
-- 1..(factor x expo tech); colony ships come one at a time; tech levels at most
-- tech_levels_max at once, except the uncapped techs.

local st = import("lib/st")
local F = {}
local C = rules.const.finds

local function uncapped(tech)
  for _, t in ipairs(C.tech_levels_uncapped) do
    if t == tech then return true end
  end
  return false
end

-- Draws and applies the find for `empire` at `sys`; returns a table describing it:
-- {kind = "nothing" | "cruisers" | ..., amount = n, tech = code}.
function F.explore(empire, sys)
  local et = math.max(1, st.tech(empire, C.expo_tech))
  local kinds, weights = {}, {}
  for _, kind in ipairs(sorted_keys(C.weights)) do
    local ok = not (kind == "population" and C.population_planets_only
      and galaxy.kind(sys) ~= "planet")
    if ok and C.weights[kind] > 0 then
      kinds[#kinds + 1] = kind
      weights[#weights + 1] = C.weights[kind]
    end
  end
  local kind = kinds[rng.weighted(weights)]
  local found = { kind = kind, amount = 0 }
  if kind == "nothing" then return found end
  local h = state.holding(sys)
  local e = state.empire(empire)
  if kind == "colony_ship" then
    found.amount = C.colony_ships_per_find
    state.set_holding(sys, { colony_ships = h.colony_ships + found.amount })
  elseif kind == "tech" then
    local techs, tw = {}, {}
    for _, t in ipairs(rules.techs) do
      local w = C.tech_weights[t.code] or 0
      local level = st.tech(empire, t.code)
      if w > 0 and level < st.tech_cap(t.code) then
        techs[#techs + 1] = t
        tw[#tw + 1] = w
      end
    end
    if #techs == 0 then return { kind = "nothing", amount = 0 } end
    local t = techs[rng.weighted(tw)]
    local most = uncapped(t.code) and et or math.min(et, C.tech_levels_max)
    local n = rng.range(1, most)
    local level = st.tech(empire, t.code) + n
    local cap = st.tech_cap(t.code)
    if level > cap then
      n = cap - st.tech(empire, t.code)
      level = cap
    end
    st.set_tech(empire, t.code, level)
    found.tech, found.amount, found.level = t.code, n, level
  else
    local n = rng.range(1, C.expo_factor[kind] * et)
    found.amount = n
    if kind == "cruisers" then state.set_holding(sys, { cruisers = h.cruisers + n })
    elseif kind == "fighters" then state.set_holding(sys, { fighters = h.fighters + n })
    elseif kind == "industry" then state.set_holding(sys, { industry = h.industry + n })
    elseif kind == "population" then state.set_holding(sys, { population = h.population + n })
    elseif kind == "vps" then state.set_empire(empire, { vps = e.vps + n })
    elseif kind == "bps" then state.set_empire(empire, { balance = e.balance + n })
    elseif kind == "treasury" then state.set_empire(empire, { treasury = e.treasury + n })
    else error("finds: unknown kind '" .. kind .. "' in constants.finds.weights", 0) end
  end
  return found
end

-- A find as words for reports, e.g. "3 cruisers" or "2 levels of Weapons Tech".
function F.describe(found)
  local k, n = found.kind, found.amount
  if k == "nothing" then return "nothing" end
  if k == "tech" then
    return string.format("%d level%s of %s (now %d)", n, n == 1 and "" or "s",
      rules.tech[found.tech].name, found.level)
  end
  local words = {
    cruisers = "cruiser", fighters = "fighter", colony_ship = "colony ship", industry = "industry",
    population = "population", vps = "VP", bps = "BP", treasury = "treasury BP",
  }
  local w = words[k] or k
  if n ~= 1 and k ~= "industry" and k ~= "population" then w = w .. "s" end
  return string.format("%d %s", n, w)
end

return F
