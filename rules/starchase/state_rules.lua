-- Rules across records that schema.toml cannot declare, kept in one place: the engine checks
-- them whenever a state is loaded (a GM may edit state.toml), made or about to be saved, and
-- refuses a state that breaks one. Returns a list of problems, each a line for the GM.

local R = {}

function R.check()
  local problems = {}
  -- An empire has at most one active probe (rule 5.2).
  local active = {}
  for _, id in ipairs(state.ids("probe")) do
    local p = state.probe(id)
    if p.active then active[p.empire] = (active[p.empire] or 0) + 1 end
  end
  for _, e in ipairs(state.empires()) do
    if (active[e] or 0) > 1 then
      problems[#problems + 1] = string.format("probe: empire %s has %d active probes (at most 1)",
        e, active[e])
    end
  end
  return problems
end

return R
