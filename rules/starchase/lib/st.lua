-- Star Chase's shortcuts to the records schema.toml declares: tech levels, systems owned,
-- probes, the sets of systems an empire has seen. Everything goes through the engine's one
-- checked path (state.get / state.set / state.value / state.entry / state.find ...).

local M = {}

-- An empire's level of a tech (0 if it has none).
function M.tech(empire, code)
  return state.entry("empire", empire, "techs", code) or 0
end

-- Every tech level of an empire: {[code] = level}.
function M.techs(empire)
  return state.value("empire", empire, "techs")
end

-- The highest level a tech may reach: its cap in the tech table, else the most the state holds
-- (schema.toml, state.limits). Research, finds, TECH and TAKE stop there: a scenario may give a
-- tech that level, and a rule must never push it past (the turn would fail).
local top = {}
function M.tech_cap(code)
  local cap = top[code]
  if not cap then
    cap = select(2, state.limits("empire", "techs", code))
    top[code] = cap
  end
  return cap
end

-- Sets an empire's level of a tech (the tech's cap is checked).
function M.set_tech(empire, code, level)
  state.set_entry("empire", empire, "techs", code, level)
end

-- The systems an empire owns, by code.
function M.owned(empire)
  return state.find("holding", "owner", empire)
end

-- An empire's probes (or everybody's, empire = nil) as {id, empire, system, active}: by empire,
-- the active one first, then by system.
function M.probes(empire)
  local ids = empire and state.find("probe", "empire", empire) or state.ids("probe")
  local out = {}
  for _, id in ipairs(ids) do out[#out + 1] = state.probe(id) end
  table.sort(out, function(a, b)
    if a.empire ~= b.empire then return a.empire < b.empire end
    if a.active ~= b.active then return a.active end
    if a.system ~= b.system then return a.system < b.system end
    return a.id < b.id
  end)
  return out
end

-- Replaces an empire's probes with `list` ({system, active} each), keeping ids where it can.
-- (At most one may be active: state_rules.lua holds that rule.)
function M.set_probes(empire, list)
  local ids = state.find("probe", "empire", empire)
  for i, p in ipairs(list) do
    local fields = { empire = empire, system = p.system, active = p.active and true or false }
    if ids[i] then state.set_probe(ids[i], fields) else state.create("probe", fields) end
  end
  for i = #list + 1, #ids do state.delete("probe", ids[i]) end
end

-- A set of systems an empire keeps ("seen", "explored", "scouted"), by code.
function M.sight(empire, name)
  return state.value("sight", empire, name)
end

-- Replaces a set of systems an empire keeps.
function M.set_sight(empire, name, codes)
  state.set("sight", empire, { [name] = codes })
end

return M
