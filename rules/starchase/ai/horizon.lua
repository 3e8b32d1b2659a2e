-- How many more turns the computer player plans for. Early on it invests in growth that pays
-- back slowly; as the horizon shortens (ai.horizon minus the turn, never below
-- ai.horizon_min), and at once when a victory warning is in force (the game may end at the
-- next census, rule 8.3), it turns BPs into industry, which scores at every census.

local H = {}
local CONST = import("ai/const")
local C = CONST.ai

-- Turns left to plan for in view v.
function H.turns(v)
  if v._horizon then return v._horizon end
  local t = math.max(C.horizon_min, C.horizon - v.turn)
  if state.game().warning_turn > 0 then t = C.horizon_min end
  v._horizon = t
  return t
end

-- VPs an industry level built now scores by the horizon (one per census, every few turns).
function H.industry_worth(v)
  return H.turns(v) / C.census_gap
end

-- VPs one more BP of income a turn brings by the horizon, spent on industry as it comes in.
function H.income_worth(v)
  local t = H.turns(v)
  return t * t / (2 * C.census_gap * CONST.actions.build_per_level)
end

return H
