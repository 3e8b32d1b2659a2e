-- The team game (section 21): races of the same `team` (a number above 0 the scenario gives)
-- play together. Team mates never hold each other enemies (21.1), no race of a team game is a
-- xenophobe (21.2), diplomats get no points for allied team mates (21.2), and a team's score
-- is its members' scores highest first, weighted as constants.teams.weights say (21.3: the
-- highest counts nothing, the second and the last half, the others in full); the team with the
-- highest score wins.

local race_types = import("lib/race_types")

local T = {}

local C = rules.const.teams

-- The team of race `code` in world `w`, or nil.
function T.of(w, code)
  local r = w.races[code]
  local team = r and r.team or 0
  return team > 0 and team or nil
end

-- True if races a and b are different members of the same team.
function T.mates(w, a, b)
  return a ~= b and T.of(w, a) ~= nil and T.of(w, a) == T.of(w, b)
end

-- True if the game is a team game: some race has a team.
function T.active(w)
  for code in pairs(w.races) do
    if T.of(w, code) then return true end
  end
  return false
end

-- Why race type `race_type` may not be played in a team game, or nil (21.2).
function T.type_refusal(race_type)
  for _, basic in ipairs(C.forbidden_types) do
    if race_types.count(race_type, basic) > 0 then
      return string.format("a team game has no %ss (21.2)", basic)
    end
  end
  return nil
end

-- A team's score from its members' scores (21.3): highest first, the k-th times weight k of
-- constants.teams.weights in halves (the last member always the last weight, the ones between
-- the middle weight), halved and rounded down.
function T.score(scores)
  local sorted = {}
  for i, v in ipairs(scores) do sorted[i] = v end
  table.sort(sorted, function(a, b) return a > b end)
  local w, n, halves = C.weights, #sorted, 0
  for k, v in ipairs(sorted) do
    local weight
    if k == 1 then weight = w[1]
    elseif k == n then weight = w[#w]
    elseif k == 2 then weight = w[2]
    else weight = w[3] end
    halves = halves + v * weight
  end
  return math.floor(halves / 2)
end

-- The teams of a team game, by number: {team, members = {code...} (in play order), score}, in
-- team order.
function T.list(w)
  local by, out = {}, {}
  for _, code in ipairs(w.order) do
    local team = T.of(w, code)
    if team then
      if not by[team] then
        by[team] = { team = team, members = {} }
        out[#out + 1] = by[team]
      end
      table.insert(by[team].members, code)
    end
  end
  table.sort(out, function(a, b) return a.team < b.team end)
  for _, t in ipairs(out) do
    local scores = {}
    for i, code in ipairs(t.members) do scores[i] = w.races[code].vps or 0 end
    t.score = T.score(scores)
  end
  return out
end

-- The starts of a new game's races (`races`, in play order; `starts` as drawn) with every team
-- on starts near each other (21.1): each team in turn, its first race on the first free start,
-- each next one on the free start nearest to one its team already has (the earlier start on a
-- tie); then the races of no team on the starts left, in order. Without teams, `starts` as
-- they are.
function T.seat(w, races, starts)
  if not T.active(w) then return starts end
  local free, by_code = {}, {}
  for i = 1, #starts do free[i] = i end
  for _, t in ipairs(T.list(w)) do
    local placed = {}
    for _, code in ipairs(t.members) do
      local pick = 1
      if #placed > 0 then
        local best
        for k, i in ipairs(free) do
          for _, s in ipairs(placed) do
            local d = galaxy.distance(starts[i].hex, s.hex)
            if not best or d < best then pick, best = k, d end
          end
        end
      end
      local s = starts[table.remove(free, pick)]
      by_code[code] = s
      placed[#placed + 1] = s
    end
  end
  local out = {}
  for i, code in ipairs(races) do
    out[i] = by_code[code] or starts[table.remove(free, 1)]
  end
  return out
end

-- A new team game's shared coordinates and maps (21.1): every member's coordinates centre on
-- the home of its team's first race, and every member's map holds every hex its team mates
-- mapped at the start.
function T.share(w)
  for _, t in ipairs(T.list(w)) do
    local centre = w.races[t.members[1]].home
    local mapped = {}
    for _, code in ipairs(t.members) do
      w.races[code].centre = centre
      for hex in pairs(w.charts[code].mapped) do mapped[hex] = true end
    end
    for _, code in ipairs(t.members) do
      for hex in pairs(mapped) do w.charts[code].mapped[hex] = true end
    end
  end
end

return T
