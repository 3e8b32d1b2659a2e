-- Hex codes and each race's own coordinates (section 5, figure 2). A hex Hccrr is place code
-- cc * 100 + rr. Every race sees the map shifted so that its original home system sits at the
-- centre hex (H1414 on a 28 x 28 map); the shift keeps neighbours, so stepping in a race's
-- coordinates wraps exactly as stepping in the GM's (the engine's HexGrid).

local K = {}

-- The place code of column `col`, row `row`.
function K.code(col, row)
  return col * 100 + row
end

-- Column and row of a place code.
function K.split(code)
  return math.floor(code / 100), code % 100
end

-- A code as players write it: "H0602".
function K.text(code)
  local col, row = K.split(code)
  return string.format("H%02d%02d", col, row)
end

-- Parses "H0602", "h0602" or "0602" (players may leave out the H, 5); nil if not a hex code
-- of this map.
function K.parse(text)
  local digits = text:match("^[Hh]?(%d%d%d%d)$")
  if not digits then return nil end
  local code = tonumber(digits)
  local col, row = K.split(code)
  local w, h = galaxy.size_of()
  if col < 1 or col > w or row < 1 or row > h then return nil end
  return code
end

-- The centre hex of the map, where every race sees its home (5).
function K.centre()
  local w, h = galaxy.size_of()
  return K.code(w / 2, h / 2)
end

-- The code race sees for GM hex `code`, the race's home being GM hex `home`.
function K.to_race(code, home)
  local col, row = K.split(code)
  local hc, hr = K.split(home)
  local cc, cr = K.split(K.centre())
  return K.code(galaxy.hex_translate(col, row, hc, hr, cc, cr))
end

-- The GM hex of the code `shown` in the coordinates of a race whose home is GM hex `home`.
function K.from_race(shown, home)
  local col, row = K.split(shown)
  local hc, hr = K.split(home)
  local cc, cr = K.split(K.centre())
  return K.code(galaxy.hex_translate(col, row, cc, cr, hc, hr))
end

-- The hex next to `code` in direction `dir` ("n", "ne", "se", "s", "sw", "nw"), wrapping at
-- the edges as figure 2 shows.
function K.step(code, dir)
  local col, row = K.split(code)
  return K.code(galaxy.hex_step(col, row, dir))
end

-- The same step taken in a race's own coordinates: `shown` and the result are codes as the race
-- writes them.
function K.race_step(shown, dir, home)
  return K.to_race(K.step(K.from_race(shown, home), dir), home)
end

-- Hex steps between `a` and `b`, wrapping at the edges (needs only the map's size).
function K.distance(a, b)
  local ac, ar = K.split(a)
  local bc, br = K.split(b)
  return galaxy.hex_distance(ac, ar, bc, br)
end

-- The six hexes next to `code`, in direction order.
function K.neighbours(code)
  local out = {}
  for i, dir in ipairs({ "n", "ne", "se", "s", "sw", "nw" }) do out[i] = K.step(code, dir) end
  return out
end

return K
