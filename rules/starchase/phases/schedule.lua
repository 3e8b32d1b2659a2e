-- Set-up: the hidden census schedule (rule 8.2) and the points-win target (rule 8.3): the
-- total population limit of the map, black dwarfs counting 0.

local P = { scope = "game" }

function P.run()
  local C = rules.const.census
  if state.game().next_census == 0 then
    state.set_game({ next_census = state.turn() + rng.range(C.first_min, C.first_max) })
  end
  if state.game().points_target == 0 then
    local total = 0
    for _, sys in ipairs(galaxy.places()) do
      local kind = rules.kind[galaxy.kind(sys)]
      if not kind.pop_limit_tech then total = total + kind.pop_limit end
    end
    state.set_game({ points_target = total })
  end
end

return P
