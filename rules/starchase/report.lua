-- Reports (rules 1.7-1.9, 2.10, 2.12, 2.16, 5.1; RULINGS.md "Visibility and reports"): the
-- pack builds every report as a document (docs/report.md) and the engine renders it as text,
-- HTML with an SVG map, and JSON. What an empire may learn is decided in report/sight.lua.
--
-- ctx, the same table for every report of a turn: game = {name, gm, gm_address}, gm_messages
-- (the GM's messages for the turn), turn, pack = {id, name, version}, record (the turn's
-- outcome records, shaped as results.json; nil at the set-up).

local R = {}
local empire_report = import("report/empire")
local game_report = import("report/game")
local gm = import("report/gm")

-- The report of one empire (never with its secret: the player writes it on the sheet).
function R.empire(ctx, empire)
  return empire_report.build(ctx, empire)
end

-- The game report, the same for every player.
function R.game(ctx)
  return game_report.build(ctx)
end

-- The GM's summary of the turn just run (`hyperlane run`), as lines.
function R.turn_summary(ctx)
  return gm.turn_summary(ctx)
end

-- One line of standings (`hyperlane run --line`).
function R.standings()
  return gm.standings()
end

-- Lines for the GM's view of the game (`hyperlane show`): the hidden census schedule and where
-- the game stands on victory (rule 8).
function R.gm_summary()
  local g = state.game()
  local lines = {
    string.format("Points-win target: %d VPs.  Next census (hidden from players): turn %d.",
      g.points_target, g.next_census),
    string.format("Census turns held: %s.", #g.census_turns == 0 and "none yet"
      or table.concat(g.census_turns, ", ")),
  }
  if g.ended_turn > 0 then
    lines[#lines + 1] = string.format("Victory: the game ended on turn %d: %s won (%s win).",
      g.ended_turn, g.winner or "?", g.condition or "?")
  elseif g.warning_turn > 0 then
    lines[#lines + 1] = string.format("Victory: warning since turn %d: the game ends at the "
      .. "next census if any victory condition holds then.", g.warning_turn)
  else
    lines[#lines + 1] = "Victory: no warning in force."
  end
  return lines
end

return R
