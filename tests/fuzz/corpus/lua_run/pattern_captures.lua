local out = {}
for k, v in ("a=1, b=22, c=333"):gmatch("(%w+)=(%d+)") do out[#out + 1] = k .. v end
local s, n = ("hello world"):gsub("(o)", "%1%1")
return {table.concat(out, ";"), s, n, ("x"):rep(10, ","), string.format("%5.2f|%s", 1.5, {})}
