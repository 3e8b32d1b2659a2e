-- Victory (rule 8.3, RULINGS.md): checked at the end of every turn among surviving empires,
-- from the first census turn on (before it VPs come only from finds and penalties, so nothing
-- is checked and no warning is given). The leader must be strictly highest and have more than
-- 0 VPs; runaway: at least runaway_factor x the next highest; knockout: at least
-- knockout_percent of all surviving empires' VPs; points: above the map's points target. Once
-- a condition holds a warning is in force; the game ends at the next census turn strictly
-- after it if any condition holds on that census, otherwise the warning is lifted and play
-- goes on.

local P = { scope = "game" }
local log = import("lib/log")

-- The strict leader and the first condition it meets ("runaway", "knockout", "points"), or nil.
function P.check()
  local V = rules.const.victory
  local vps = {}
  for _, e in ipairs(state.empires()) do
    local emp = state.empire(e)
    if not emp.eliminated then vps[#vps + 1] = { code = e, vps = emp.vps } end
  end
  if #vps == 0 then return nil end
  table.sort(vps, function(a, b)
    if a.vps ~= b.vps then return a.vps > b.vps end
    return a.code < b.code
  end)
  local top, second = vps[1], vps[2]
  if top.vps <= 0 then return nil end
  if second and second.vps == top.vps then return nil end
  local total = 0
  for _, v in ipairs(vps) do total = total + v.vps end
  local next_best = second and second.vps or 0
  if top.vps >= V.runaway_factor * next_best then return top.code, "runaway" end
  if top.vps * 100 >= V.knockout_percent * total then return top.code, "knockout" end
  if top.vps > state.game().points_target then return top.code, "points" end
  return nil
end

function P.run(_, turn)
  local v = state.game()
  if v.ended_turn > 0 then return end
  local now = state.turn()
  local census_turns = v.census_turns
  -- Nothing is checked before the first census has been held (this turn's census ran already).
  if #census_turns == 0 then return end
  local leader, condition = P.check()
  local census = false
  for _, t in ipairs(census_turns) do
    if t == now then census = true end
  end
  if v.warning_turn > 0 and census and now > v.warning_turn then
    if leader then
      state.set_game({ ended_turn = now, winner = leader, condition = condition })
      log.add(turn, "victory", "", string.format("The game is over: %s wins (%s win)", leader,
        condition), { winner = leader, condition = condition })
    else
      state.set_game({ warning_turn = 0 })
      log.add(turn, "victory", "", "No victory condition holds at this census: the warning is lifted")
    end
    return
  end
  if v.warning_turn == 0 and leader then
    state.set_game({ warning_turn = now })
    log.add(turn, "victory", "", string.format(
      "Warning: %s meets the %s victory condition; the game ends at the next census if any "
      .. "condition still holds then", leader, condition), { leader = leader, condition = condition })
  end
end

return P
