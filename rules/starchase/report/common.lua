-- What every report of a turn shares: the warnings all players see (census held, victory
-- warning or end; rule 8) and the GM's messages.

local C = {}
local doc = import("engine/doc")

-- The warnings every player sees this turn, as lines.
function C.warnings(ctx)
  local out = {}
  local g = state.game()
  local now = state.turn()
  for _, t in ipairs(g.census_turns) do
    if t == now then
      out[#out + 1] = string.format("Turn %d was a census turn: VPs were scored.", now)
    end
  end
  local victory_note = false
  for _, n in ipairs(ctx.record and ctx.record.notes or {}) do
    if n.phase == "victory" then
      out[#out + 1] = n.text
      victory_note = true
    end
  end
  if not victory_note then
    if g.ended_turn > 0 then
      out[#out + 1] = string.format("The game is over: %s won (%s).", g.winner or "?", g.condition)
    elseif g.warning_turn > 0 then
      out[#out + 1] = string.format("A victory condition has held since turn %d: the game may "
        .. "end at the next census.", g.warning_turn)
    end
  end
  return out
end

-- The GM as players see it: "Name <address>", or either alone.
function C.gm_line(ctx)
  local g = ctx.game
  if g.gm ~= "" and g.gm_address ~= "" then return string.format("%s <%s>", g.gm, g.gm_address) end
  if g.gm ~= "" then return g.gm end
  return g.gm_address
end

-- An untitled section of warnings (none if there are no warnings), then a section of the GM's
-- messages for the turn (none if there are none).
function C.add_news(d, ctx)
  -- The same for every report of the turn: worked out once and kept in ctx, which they share.
  ctx.warnings = ctx.warnings or C.warnings(ctx)
  local warnings = ctx.warnings
  if #warnings > 0 then
    local s = doc.section(d, nil, "warnings")
    for _, w in ipairs(warnings) do doc.paragraph(s, w, "warning") end
  end
  if #ctx.gm_messages > 0 then
    local s = doc.section(d, "From the GM", "gm")
    for _, m in ipairs(ctx.gm_messages) do doc.paragraph(s, m) end
  end
end

return C
