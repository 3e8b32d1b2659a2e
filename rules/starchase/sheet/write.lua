-- Writes turnsheet text (docs/turnsheet.md "The format") for the computer players (ai.lua) and
-- for the example sheets `hyperlane rules check` tries: the header, numbered action lines in
-- aligned columns with the reason as a comment, and the PROBE line.

local W = {}

-- A box as written: a place code (from and to), a word, or a whole number; "-" when empty.
local function box(v, code)
  if type(v) == "number" then
    local n = v >= 0 and math.floor(v) or math.ceil(v)
    return code and galaxy.code(n) or string.format("%d", n)
  elseif type(v) == "string" then
    return v
  end
  return "-"
end

-- The header lines of an empire's sheet for a turn (without a secret: a SECRET line for the
-- player to fill in).
function W.header(empire, secret, turn)
  return string.format("EMPIRE %s\nSECRET%s\nTURN %d\n", empire, secret and " " .. secret or "",
    turn)
end

-- Runs of 1 to 8 spaces, for pad.
local SPACES = {}
for n = 1, 8 do SPACES[n] = string.rep(" ", n) end

-- Text s left-justified in `width` columns, as string.format("%-<width>s", s) writes it (by
-- hand: a dozen sheets a turn have four columns a line).
local function pad(s, width)
  local n = #s
  if n >= width then return s end
  return s .. SPACES[width - n]
end

-- One action line: o = {action, from, to, number, why}; slot nil leaves the slot number out.
-- Empty boxes at the end are left out; a reason becomes a comment on one line.
function W.action(slot, o)
  local boxes = { box(o.from, true), box(o.to, true), box(o.number, false) }
  while #boxes > 0 and boxes[#boxes] == "-" do boxes[#boxes] = nil end
  local line = slot and (pad(string.format("%d", slot), 2) .. " " .. pad(box(o.action), 8))
    or box(o.action)
  for _, b in ipairs(boxes) do line = line .. " " .. pad(b, 3) end
  -- Without the trailing spaces of the padding (by hand: the computer players write a dozen
  -- sheets a turn, and a pattern anchored at the end is tried at every position).
  local last = #line
  while last > 0 and line:byte(last) == 32 do last = last - 1 end
  if last < #line then line = line:sub(1, last) end
  local why = box(o.why)
  if why ~= "-" and why ~= "" then
    if why:find("\n", 1, true) or why:find("\r", 1, true) then why = why:gsub("[\r\n]", " ") end
    line = line .. "   # " .. why
  end
  return line .. "\n"
end

-- The PROBE line for a list of place codes ("" for none).
function W.probes(codes)
  if #codes == 0 then return "" end
  local parts = { "PROBE" }
  for i, c in ipairs(codes) do parts[i + 1] = box(c, true) end
  return table.concat(parts, " ") .. "\n"
end

return W
