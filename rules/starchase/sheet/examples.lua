-- Example sheets for `hyperlane rules check`: one line for every format of every action, with
-- codes of the test game (a system the empire owns, a system linked to it, another empire,
-- the first tech) and 1 in number boxes, as many sheets as the lines need. The engine reads
-- and checks each one and reports any script of the pack that fails on them.

local actions = import("lib/actions")
local st = import("lib/st")
local write = import("sheet/write")

local X = {}

-- What to write in a box of a type: the sample values of the test game.
local function sample(kind, key, s)
  if kind == "system" then return key == "from" and s.from or s.to end
  if kind == "empire" then return s.empire end
  if kind == "tech" then return s.tech end
  if kind == "none" then return nil end
  return 1
end

-- The example sheets for info = {empire, secret, turn}: a list of texts (none if the empire
-- owns nothing or the pack has no techs).
function X.sheets(info)
  local e = info.empire
  local owned = st.owned(e)
  if #owned == 0 or #rules.techs == 0 then return {} end
  local order = state.order()
  local s = { from = state.empire(e).base or owned[1], empire = order[2] or e,
    tech = rules.techs[1].code }
  s.to = galaxy.links(s.from)[1] or s.from
  local lines = {}
  for _, name in ipairs(actions.names()) do
    for _, f in ipairs(actions.find(name).formats) do
      lines[#lines + 1] = write.action(nil, { action = name,
        from = sample(f.from.type, "from", s), to = sample(f.to.type, "to", s),
        number = sample(f.number.type, "number", s) })
    end
  end
  local per = rules.const.game.actions_per_turn
  local out = {}
  for first = 1, #lines, per do
    local text = { write.header(e, info.secret, info.turn) }
    for i = first, math.min(#lines, first + per - 1) do text[#text + 1] = lines[i] end
    out[#out + 1] = table.concat(text)
  end
  return out
end

return X
