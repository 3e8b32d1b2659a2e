-- Census (rule 8.2): on a census turn every surviving empire scores VPs equal to its total
-- industry plus its culture level. The next census comes census.gap_min..gap_max turns later;
-- the schedule is hidden from players.

local P = { scope = "game" }
local log = import("lib/log")
local words = import("lib/words")
local st = import("lib/st")

function P.run(_, turn)
  local now = state.turn()
  if now ~= state.game().next_census then return end
  for _, e in ipairs(state.order()) do
    local emp = state.empire(e)
    if not emp.eliminated then
      local industry = 0
      for _, sys in ipairs(st.owned(e)) do
        industry = industry + state.value("holding", sys, "industry")
      end
      local cl = st.tech(e, "CL")
      -- At most what the state holds (only a scenario can come near it).
      local vps = math.min(emp.vps + industry + cl, select(2, state.limits("empire", "vps")))
      state.set_empire(e, { vps = vps })
      log.add(turn, "census", e, string.format("Census: %s (industry %d + culture %d), %d in all",
        words.count(industry + cl, "VP"), industry, cl, vps),
        { industry = industry, culture = cl, vps = vps })
    end
  end
  local held = state.game().census_turns
  held[#held + 1] = now
  state.set_game({ census_turns = held })
  local C = rules.const.census
  state.set_game({ next_census = now + rng.range(C.gap_min, C.gap_max) })
  log.add(turn, "census", "", string.format("Turn %d was a census turn", now), { turn = now })
end

return P
