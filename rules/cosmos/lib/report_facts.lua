-- What the turn leaves for the reports (3) that the state does not keep: each race's event lines
-- by phase, its units lost and dissolved, the fleets of others it saw (lib/sightings.lua), its
-- orders as processed, and the i.p. value of all ships destroyed. They go to the turn's record
-- as notes (docs/state.md "results.json"), which report/sight.lua reads; hexes are already
-- written in the race's own coordinates. Each note's `phase` names the kind of fact:
--   event      {phase = 0 orders, 1-12, 13 production}   text: the line
--   lost       {phase, hex, cost}                        text: the unit
--   dissolved  {phase}                                   text: the unit
--   sighting   {phase (13: still seen at the end), hex, at (the GM's hex), fleet, owner, ships,
--              guns, types}
--   processed  {}                                        text: one order as processed
--   population {start, now}: in colonies at the start and the end of the turn
--   destroyed  (game-wide) {ip}

local sightings = import("lib/sightings")
local U = import("lib/units")

local F = {}

local function note(turn, kind, race, text, data)
  turn.log[#turn.log + 1] = { phase = kind, empire = race or "", text = text or "",
    data = data or {} }
end

-- Population in each race's colonies.
local function populations(w)
  local out = {}
  for _, id in ipairs(sorted_keys(w.colonies)) do
    local c = w.colonies[id]
    if c.owner then out[c.owner] = (out[c.owner] or 0) + c.population end
  end
  return out
end

-- Notes what the reports compare with the end of the turn: each race's population.
function F.start(w)
  w.start_population = populations(w)
end

-- Writes the turn's facts for every race into the turn's log.
function F.write(w, turn)
  if not turn or not turn.log then return end
  local destroyed = 0
  for _, l in ipairs(w.lost) do destroyed = destroyed + (l.cost or 0) end
  local now = populations(w)
  for _, race in ipairs(w.order) do
    note(turn, "population", race, "", { start = (w.start_population or {})[race] or 0,
      now = now[race] or 0 })
    for _, e in ipairs(w.events[race] or {}) do
      note(turn, "event", race, e.text, { phase = e.phase })
    end
    for _, l in ipairs(w.lost) do
      if l.race == race then
        note(turn, "lost", race, l.text, { phase = l.phase, hex = U.hex_text(w, race, l.hex),
          cost = l.cost or 0 })
      end
    end
    for _, d in ipairs(w.dissolved) do
      if d.race == race then note(turn, "dissolved", race, d.text, { phase = d.phase }) end
    end
    for _, s in ipairs(sightings.of(w, race)) do
      note(turn, "sighting", race, "", s)
    end
    for _, line in ipairs(w.processed and w.processed[race] or {}) do
      note(turn, "processed", race, line)
    end
  end
  note(turn, "destroyed", "", string.format("Ships destroyed this turn: %d i.p.", destroyed),
    { ip = destroyed })
end

return F
