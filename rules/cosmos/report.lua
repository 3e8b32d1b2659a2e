-- Reports (section 3): the pack builds every report as a document (docs/report.md) and the
-- engine renders it as text for mail, HTML with the SVG hex map, and JSON. What a race may
-- learn is decided in report/sight.lua; the turn leaves what the state does not keep in its
-- record (lib/report_facts.lua).
--
-- ctx, the same table for every report of a turn: game = {name, gm, gm_address}, gm_messages,
-- turn, pack, record (the turn's record shaped as results.json; nil at the set-up).

local empire_report = import("report/empire")
local game_report = import("report/game")
local sight = import("report/sight")
local words = import("lib/words")

local R = {}

-- The report of one race (never with its secret: the player writes it on the sheet).
function R.empire(ctx, race)
  return empire_report.build(ctx, race)
end

-- The game report, the same for every player.
function R.game(ctx)
  return game_report.build(ctx)
end

-- One line per race for the GM after `hyperlane run`: score, colonies, population, production.
function R.turn_summary(ctx)
  local w = sight.world(ctx)
  local colonies = {}
  for _, id in ipairs(sorted_keys(w.colonies)) do
    local c = w.colonies[id]
    if c.owner then colonies[c.owner] = (colonies[c.owner] or 0) + 1 end
  end
  local lines = {}
  for _, code in ipairs(w.order) do
    local r = w.races[code]
    lines[#lines + 1] = string.format("Race %s %s: %d VPs, %s, population %d, %d i.p., " ..
      "%d r.p.%s", code, r.name, r.vps or 0, words.count(colonies[code] or 0, "colonies"),
      r.population or 0,
      r.production or 0, r.research_made or 0, r.eliminated and " (out)" or "")
  end
  return lines
end

-- One line of standings (`hyperlane run --line`): every race's score by race.
function R.standings()
  local parts = {}
  for _, code in ipairs(state.order()) do
    parts[#parts + 1] = string.format("%s %d", code, state.empire(code).vps or 0)
  end
  return { "VPs: " .. table.concat(parts, ", ") }
end

-- Lines for the GM's view (`hyperlane show`): the hidden length and the end.
function R.gm_summary()
  local g = state.game()
  local lines = { string.format("The last turn (hidden from players): %d.", g.last_turn) }
  if (g.ended_turn or 0) > 0 then
    lines[#lines + 1] = string.format("The game ended after turn %d: %s (%s).", g.ended_turn,
      g.winner or "?", g.condition or "")
  end
  return lines
end

return R
