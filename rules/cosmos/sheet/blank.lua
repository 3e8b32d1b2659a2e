-- A race's blank turnsheet (2): the lines the grammar expects (the turn, the race's secret,
-- "race N:") and one block per colony and per fleet the race has, each headed by its ID with a
-- comment saying what and where it is (in the race's own coordinates) and the orders it
-- carries over from last turn, so that a player only writes orders under the blocks. Used by
-- the race's report (report/empire.lua) and by the web (turnsheet.blank).

local coords = import("lib/coords")
local data = import("lib/data")
local Q = import("lib/queue")

local B = {}

local WIDTH = 78

-- A hex in the race's coordinates.
local function hex_text(code, home)
  return coords.text(home and coords.to_race(code, home) or code)
end

-- The orders a unit carries over (queued records with `field` = id), as comment lines.
local function carried(field, id)
  local out = {}
  for _, q in ipairs(Q.carried(field, id)) do
    local text = q.verb .. (#(q.args or {}) > 0 and " " .. table.concat(q.args, " ") or "")
    if (q.begun or 0) > 0 then text = text .. string.format(" (begun-%d)", q.begun) end
    -- Comment lines of at most WIDTH columns, for reports sent as text.
    local line = "  @ carried over:"
    for word in text:gmatch("%S+") do
      if #line + 1 + #word > WIDTH and #line > 4 then
        out[#out + 1] = line
        line = "  @   "
      end
      line = line .. (line:sub(-1) == " " and "" or " ") .. word
    end
    out[#out + 1] = line
  end
  return out
end

-- The blank sheet of race info.empire for turn info.turn; its secret line is left for the
-- player (info.secret, if given, is written on it).
function B.text(info)
  local race = info.empire
  local r = state.empire(race)
  local home = r.centre or r.home
  local lines = {
    string.format("@ Race %s (%s): orders for turn %d.", race, r.name or "", info.turn),
    "@ General orders (research, policy, name, alias) go under the race line; the",
    "@ orders of each colony and fleet under its ID, one a line. Write message all",
    "@ TEXT or message N TEXT to write to the races. @ starts a comment.",
    string.format("turn %d", info.turn),
    info.secret and ("secret " .. info.secret) or "secret",
    string.format("race %s:", race),
  }
  local colonies = {}
  for _, id in ipairs(state.find("colony", "owner", race)) do
    local p = state.get("planet", state.value("colony", id, "planet"))
    colonies[#colonies + 1] = { id = id, number = p.number, name = p.name, hex = p.hex }
  end
  table.sort(colonies, function(a, b) return a.number < b.number end)
  for _, c in ipairs(colonies) do
    lines[#lines + 1] = ""
    lines[#lines + 1] = string.format("%-7s@ %s at %s", string.format("C%03d:", c.number),
      c.name or "", hex_text(c.hex, home))
    for _, l in ipairs(carried("colony", c.id)) do lines[#lines + 1] = l end
  end
  local fleets, ships_of = {}, {}
  for _, sid in ipairs(state.find("ship", "owner", race)) do
    local s = state.get("ship", sid)
    local list = ships_of[s.fleet]
    if not list then
      list = {}
      ships_of[s.fleet] = list
      fleets[#fleets + 1] = state.get("fleet", s.fleet)
    end
    list[#list + 1] = s
  end
  for _, f in ipairs(fleets) do
    local list = ships_of[f.id]
    table.sort(list, function(a, b) return a.number < b.number end)
    for _, s in ipairs(list) do
      if s.id == f.flagship then f.number = s.number end
    end
  end
  table.sort(fleets, function(a, b) return a.number < b.number end)
  for _, f in ipairs(fleets) do
    -- The flagship's type, then how many ships of each type go with it.
    local flag_type, others, order = nil, {}, {}
    for _, s in ipairs(ships_of[f.id]) do
      local t = data.ship_type(s.type)
      local tname = t and t.name or s.type
      if s.id == f.flagship then
        flag_type = tname
      else
        if not others[tname] then order[#order + 1] = tname end
        others[tname] = (others[tname] or 0) + 1
      end
    end
    local with = {}
    for i, tname in ipairs(order) do with[i] = string.format("%d %s", others[tname], tname) end
    local names = { (flag_type or "?") .. (#with > 0 and " with " .. table.concat(with, ", ")
      or "") }
    lines[#lines + 1] = ""
    lines[#lines + 1] = string.format("S%04d: @ %s at %s%s", f.number or 0,
      table.concat(names, ", "), hex_text(f.hex, home),
      f.out_of_range and " (out of command range)" or "")
    for _, l in ipairs(carried("fleet", f.id)) do lines[#lines + 1] = l end
  end
  return table.concat(lines, "\n") .. "\n"
end

return B
