-- Notes for the turn record from end-of-turn phases: each becomes a line in a report.

local L = {}

-- Adds a note to the turn's log (ignored where there is no log, as at set-up).
function L.add(turn, phase, empire, text, data)
  if not turn or not turn.log then return end
  turn.log[#turn.log + 1] = { phase = phase, empire = empire or "", text = text, data = data }
end

return L
