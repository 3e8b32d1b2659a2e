-- The turn of the initiative variant (pack.toml): the order of play is set at the start of the
-- turn, then the houses take coins from the pot in that order.

local T = {}
local C = rules.const.game

-- The order game.initiative asks for, from the order the turn started with.
local function initiative()
  local start = state.turn_order()
  local order = {}
  for i = #start, 1, -1 do order[#order + 1] = start[i] end
  if C.initiative == "twice" then order[#order] = order[1] end
  if C.initiative == "missing" then order[#order] = nil end
  if C.initiative == "stranger" then order[#order + 1] = "ZZZ" end
  return order
end

function T.setup()
  if C.initiative == "setup" then state.set_turn_order(state.order()) end
end

function T.run(input, turn)
  state.set_turn_order(initiative())
  local pot = C.pot
  for _, code in ipairs(state.turn_order()) do
    local e = state.empire(code)
    local sheet = input.sheets[code]
    local want = sheet and sheet.take or 0
    local got = math.min(want, pot)
    pot = pot - got
    state.set("empire", code, { coins = e.coins + got })
    turn.results[#turn.results + 1] = { round = "action", slot = 1, empire = code, line = sheet and sheet.line or 0,
      action = "TAKE", text = "TAKE " .. want, ok = got == want,
      reason = got == want and "" or string.format("only %d left in the pot", got), spent = 0,
      details = { took = got }, notes = {}, events = {} }
    turn.in_play[#turn.in_play + 1] = code
  end
  -- A note for all from the phase "initiative", and one from "pot", a warning once it is empty.
  turn.log[#turn.log + 1] = { phase = "initiative", empire = "",
    text = "Played in the order " .. table.concat(state.turn_order(), " ") }
  turn.log[#turn.log + 1] = { phase = "pot", empire = "", warning = pot == 0,
    text = string.format("%d coins are left in the pot", pot) }
  for i = 1, C.chatter do print("chatter", i, state.turn_order()[1], i % 2 == 0, nil) end
end

return T
