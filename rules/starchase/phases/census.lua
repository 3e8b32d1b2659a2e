-- Census (rule 8.2): on a census turn every surviving empire scores VPs equal to its total
-- industry plus its culture level. The next census comes census.gap_min..gap_max turns later;
-- the schedule is hidden from players.

local P = { scope = "game" }
local log = import("lib/log")

function P.run(_, turn)
  local now = state.turn()
  if now ~= state.next_census() then return end
  for _, e in ipairs(state.order()) do
    local emp = state.empire(e)
    if not emp.eliminated then
      local industry = 0
      for _, sys in ipairs(state.owned(e)) do industry = industry + state.holding(sys).industry end
      local cl = state.tech(e, "CL")
      state.set_empire(e, { vps = emp.vps + industry + cl })
      log.add(turn, "census", e, string.format("Census: %d VPs (industry %d + culture %d), %d in all",
        industry + cl, industry, cl, emp.vps + industry + cl),
        { industry = industry, culture = cl, vps = emp.vps + industry + cl })
    end
  end
  state.add_census_turn(now)
  local C = rules.const.census
  state.set_next_census(now + rng.range(C.gap_min, C.gap_max))
  log.add(turn, "census", "", string.format("Turn %d was a census turn", now), { turn = now })
end

return P
