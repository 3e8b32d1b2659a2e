-- The turn of the tally game (pack.toml): houses take coins from the pot in the order of play.

local T = {}
local C = rules.const.game

function T.setup() end

local function note(turn, phase, empire, text, data)
  turn.log[#turn.log + 1] = { phase = phase, empire = empire or "", text = text, data = data }
end

function T.run(input, turn)
  local pot = C.pot
  for _, code in ipairs(state.empires()) do
    local e = state.empire(code)
    if not e.retired then
      local sheet = input.sheets[code]
      local missed = sheet == nil or input.computer[code] == "missed"
        or input.computer[code] == "dropout"
      local absences = missed and e.absences + 1 or 0
      state.set("empire", code, { absences = absences, retired = absences >= C.dropout_after })
      local want = sheet and sheet.take or 0
      local got = math.min(want, pot)
      pot = pot - got
      state.set("empire", code, { coins = e.coins + got })
      turn.results[#turn.results + 1] = { slot = 1, empire = code, line = sheet and sheet.line or 0,
        action = "TAKE", text = "TAKE " .. want, ok = got == want,
        reason = got == want and "" or string.format("only %d left in the pot", got), spent = 0,
        details = { took = got }, notes = {}, events = {} }
      turn.in_play[#turn.in_play + 1] = code
    end
  end
  note(turn, "pot", nil, string.format("%d coins are left in the pot", pot), { left = pot })
  if turn.number >= C.last_turn then
    local best, champion = -1, ""
    for _, code in ipairs(state.empires()) do
      local c = state.empire(code).coins
      if c > best then best, champion = c, code end
    end
    state.set_game({ over_on = turn.number, champion = champion })
  end
end

return T
