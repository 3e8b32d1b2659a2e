-- Five lazy repetitions over 3000 characters and no match: about 10^15 steps of matching.
local s = string.rep("a", 3000)
local found = string.find(s, ".-.-.-.-.-b")
return { found = found }
