-- The words of the standard game's reports (lib/words.lua): counts with the right noun form.

local T = import("engine/test")
local W = import("lib/words")

local tests = {}

tests["counts take the singular for one and the plural otherwise"] = function()
  T.eq(W.count(1, "cruiser"), "1 cruiser")
  T.eq(W.count(0, "cruiser"), "0 cruisers")
  T.eq(W.count(3, "colony ship"), "3 colony ships")
  T.eq(W.count(2, "probe box"), "2 probe boxes")
  T.eq(W.were(1, "fighter"), "1 fighter was")
  T.eq(W.were(2, "fighter"), "2 fighters were")
end

tests["techs are named as the tech table names them"] = function()
  T.eq(W.tech("WT"), rules.tech.WT.name)
  T.eq(W.tech("XX"), "XX", "an unknown code is shown as it is")
end

return tests
