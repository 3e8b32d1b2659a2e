-- The diplomats' spy reports (16.8): a diplomat's `spy` order, once a turn, has its spy network
-- report on a race at the end of the turn. The report always gives the race's type and its
-- approximate population and i.p. production; the more accurate the network, the more it
-- adds (constants.spy.shows: r.p. production, victory points, drive and weapon technologies,
-- alliances, the home system, the colonies, the fleets' i.p. value). Accuracy is a level from
-- constants.spy.base: one more if the diplomat holds the race allied, one more if one of its
-- colonies is within constants.spy.near_hexes of one of the race's, or one of its ambassador
-- ships is in a system with one of them (16.8: "one hex removed"), one more for a double
-- diplomat, one less if it never discovered a colony of the race; within 0 and the last
-- level of constants.spy.error_percent. An approximate number is off by a whole percent drawn
-- within that level's error, from the spying race's `spy` stream.

local data = import("lib/data")
local race_types = import("lib/race_types")
local U = import("lib/units")

local S = {}

local C = rules.const
local SPY = C.spy

-- Why race `race` may not spy on `target` this turn, or nil (16.8): only a diplomat, once a
-- turn, on another race of the game. `spied`: the race it already spied on this turn, if any.
function S.refusal(w, race, target, spied)
  if race_types.count(w.races[race].race_type, "diplomat") == 0 then
    return "only diplomats have a spy network (16.8)"
  elseif spied then
    return string.format("your spies report on race %s this turn already; spy once a turn " ..
      "(16.8)", spied)
  elseif target == race or not w.races[target] then
    return string.format("there is no other race %s in this game", tostring(target))
  end
  return nil
end

-- True if a colony of `race` is within near_hexes of a colony of `target`, or an ambassador
-- ship of `race` is in a system with one.
local function near(w, race, target)
  local mine, theirs = {}, {}
  for _, c in pairs(w.colonies) do
    local hex = U.colony_hex(w, c)
    if c.owner == race then mine[#mine + 1] = hex end
    if c.owner == target then theirs[hex] = true end
  end
  for _, s in pairs(w.ships) do
    local f = w.fleets[s.fleet]
    if s.owner == race and U.type(s).ambassador and f and theirs[f.hex] then return true end
  end
  for _, a in ipairs(mine) do
    for b in pairs(theirs) do
      if galaxy.distance(a, b) <= SPY.near_hexes then return true end
    end
  end
  return false
end

-- True if `race` ever discovered a colony of `target` (a survey of one).
local function discovered(w, race, target)
  for _, s in pairs(w.surveys) do
    if s.race == race and s.colony and s.owner == target then return true end
  end
  return false
end

-- The accuracy level of `race`'s report on `target`.
function S.level(w, race, target)
  local r = w.races[race]
  local level = SPY.base
  if r.policy[target] == "ally" then level = level + 1 end
  if near(w, race, target) then level = level + 1 end
  if race_types.count(r.race_type, "diplomat") == 2 then level = level + 1 end
  if not discovered(w, race, target) then level = level - 1 end
  return math.max(0, math.min(#SPY.error_percent - 1, level))
end

-- `value` off by a whole percent drawn within `percent`, rounded, never below 0.
local function about(value, percent)
  local e = rng.range(-percent, percent)
  return math.max(0, math.floor(value * (100 + e) / 100 + 0.5))
end

-- The names of the drive and weapon technologies a race has, in the tables' order.
local function arms(techs)
  local codes = {}
  for _, group in ipairs({ "drives", "guns" }) do
    for _, row in pairs(C[group]) do
      if row.tech ~= "" then codes[row.tech] = true end
    end
  end
  for _, k in ipairs({ "graviton_tech", "jump_tech", "ultimate_jump_tech" }) do
    codes[C.movement[k]] = true
  end
  local out = {}
  for _, code in ipairs(data.tech_codes()) do
    if codes[code] and techs[code] then out[#out + 1] = data.tech(code).name end
  end
  return out
end

-- The report lines of `race`'s spies on `target` at the end of the turn.
function S.report(w, race, target)
  rng.use("spy", race)
  local t = w.races[target]
  local level = S.level(w, race, target)
  local err = SPY.error_percent[level + 1]
  local shows = function(item) return level >= SPY.shows[item] end
  local population, colonies = 0, {}
  for _, id in ipairs(sorted_keys(w.colonies)) do
    local c = w.colonies[id]
    if c.owner == target then
      population = population + c.population
      colonies[#colonies + 1] = U.hex_text(w, race, U.colony_hex(w, c))
    end
  end
  table.sort(colonies)
  local lines = { string.format("Spy report on race %s (%s), accuracy %d of %d (16.8):", target,
    t.name or "", level, #SPY.error_percent - 1) }
  local function add(label, text) lines[#lines + 1] = string.format("  %s: %s", label, text) end
  add("race type", t.race_type or "standard")
  add("population in colonies", "about " .. about(population, err))
  add("i.p. production", "about " .. about(t.production or 0, err))
  if shows("research") then add("r.p. production", "about " .. about(t.research_made or 0, err)) end
  if shows("vps") then add("victory points", "about " .. about(t.vps or 0, err)) end
  if shows("techs") then
    local list = arms(t.techs or {})
    add("drive and weapon technologies", #list > 0 and table.concat(list, ", ") or "none")
  end
  if shows("alliances") then
    local allies = {}
    for _, code in ipairs(w.order) do
      if code ~= target and t.policy[code] == "ally" then allies[#allies + 1] = code end
    end
    add("holds allied", #allies > 0 and "races " .. table.concat(allies, ", ") or "nobody")
  end
  if shows("home") and t.home then add("home system", U.hex_text(w, race, t.home)) end
  if shows("colonies") then
    add("colonies at", #colonies > 0 and table.concat(colonies, ", ") or "none")
  end
  if shows("fleet_value") then
    local ip = 0
    for _, s in pairs(w.ships) do
      if s.owner == target then ip = ip + U.type(s).cost end
    end
    add("ships' value", string.format("about %d i.p.", about(ip, err)))
  end
  return lines
end

-- The end of the turn (after the victory points): each spying race's report, in its event
-- report. `spies`: race -> target.
function S.run(w, spies)
  for _, race in ipairs(w.order) do
    local target = spies[race]
    if target and w.races[target] and not w.races[race].eliminated then
      for _, line in ipairs(S.report(w, race, target)) do U.event(w, race, line) end
    end
  end
end

return S
