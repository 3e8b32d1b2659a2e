-- Rules across records that schema.toml cannot declare (README.md "The state"): the engine
-- checks them whenever a state is loaded, made or saved. Returns a list of problems.

local race_types = import("lib/race_types")

local R = {}

function R.check()
  local problems = {}
  local function bad(text) problems[#problems + 1] = text end
  -- Every fleet has a flagship among its own ships; ships belong to their fleet's race (9.2).
  local members = {}
  for _, id in ipairs(state.ids("ship")) do
    local s = state.ship(id)
    local f = state.fleet(s.fleet)
    if f.owner ~= s.owner then
      bad(string.format("ship %d: owner %s but its fleet %d is race %s's", id, s.owner, s.fleet,
        f.owner))
    end
    members[s.fleet] = members[s.fleet] or {}
    members[s.fleet][id] = true
  end
  for _, id in ipairs(state.ids("fleet")) do
    local f = state.fleet(id)
    if not members[id] then
      bad(string.format("fleet %d: has no ships", id))
    elseif not f.flagship or not members[id][f.flagship] then
      bad(string.format("fleet %d: its flagship is not one of its ships", id))
    end
  end
  -- A race type is one 16 allows (lib/race_types.lua), "standard" or "none".
  for _, code in ipairs(state.empires()) do
    local t = state.value("empire", code, "race_type")
    if not race_types.valid(t) then
      bad(string.format("empire %s: race_type \"%s\" is not a race type: write two of %s, " ..
        "or double and one (16), standard or none", code, tostring(t),
        table.concat(rules.const.race_types.basic, ", ")))
    end
  end
  -- One colony per planet (8).
  local on = {}
  for _, id in ipairs(state.ids("colony")) do
    local p = state.value("colony", id, "planet")
    if on[p] then bad(string.format("colonies %d and %d: both on planet %d", on[p], id, p)) end
    on[p] = id
  end
  -- A queued order belongs to exactly one colony, fleet or order.
  for _, id in ipairs(state.ids("queued")) do
    local q = state.queued(id)
    local n = (q.colony and 1 or 0) + (q.fleet and 1 or 0) + (q.parent and 1 or 0)
    if n ~= 1 then bad(string.format("queued %d: needs exactly one of colony, fleet, parent", id)) end
  end
  return problems
end

return R
