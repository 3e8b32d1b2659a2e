-- Hex codes and wrap-around (seed 004, 5 and figure 2) on the 4 x 4 map of the rule test
-- fleet_through_dust, whose race has its home at the centre H0202.

local T = import("engine/test")
local K = import("lib/coords")

local tests = { scenario = "fleet_through_dust/scenario.toml" }

tests["5: hexes are written Hccrr and read with or without the H"] = function()
  T.eq(K.text(302), "H0302")
  T.eq(K.parse("H0302"), 302)
  T.eq(K.parse("0302"), 302)
  T.eq(K.parse("H0502"), nil, "column 5 is off a 4 x 4 map")
end

tests["figure 2: the map wraps at its edges"] = function()
  T.eq(K.centre(), 202)
  T.eq(K.step(204, "s"), 201, "south of the last row is the first")
  T.eq(K.step(201, "n"), 204, "north of the first row is the last")
end

tests["5: a race whose home is the centre sees the GM's coordinates"] = function()
  local home = state.empire("1").home
  T.eq(home, 202)
  T.eq(K.to_race(303, home), 303)
end

return tests
