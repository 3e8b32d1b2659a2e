-- The grammar of the game: the header lines and one order line, TAKE n.
local G = {}
G.syntax = { comment = "#" }
G.noun = "order"

function G.parse(r)
  local sheet = {}
  for line in r:lines() do
    local word = line[1].word
    if word == "EMPIRE" and line[2] then
      local code = r:empire(line[2].text)
      if code then
        r:header("empire", code, line.n, line[2].col, "EMPIRE")
      else
        r:error(line.n, line[2].col, "EMPIRE: not an empire code")
      end
    elseif word == "SECRET" and line[2] then
      r:header("secret", line[2].text, line.n, line[2].col, "SECRET")
    elseif word == "TURN" and line[2] then
      local n = r:number(line[2].text, 0)
      if n then r:header("turn", n, line.n, line[2].col, "TURN") end
    elseif word == "TAKE" and line[2] then
      local n = r:number(line[2].text, 0, 1000)
      if n then
        sheet.take, sheet.line = n, line.n
      else
        r:error(line.n, line[2].col, "TAKE: write a whole number from 0 to 1000")
      end
    else
      r:error(line.n, line[1].col, "write TAKE n (or EMPIRE, SECRET, TURN)")
    end
  end
  return sheet
end

function G.header(info)
  return string.format("EMPIRE %s\nSECRET %s\nTURN %d\n", info.empire, info.secret, info.turn)
end

function G.blank(info) return G.header(info) .. "TAKE 0\n" end

return G
