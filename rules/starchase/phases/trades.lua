-- End of turn: TRADE offers and TAKEs that found no partner this turn are reported as failed.

local P = { scope = "game" }

function P.run(_, turn)
  for _, offer in ipairs(turn.offers or {}) do
    if not offer.done then
      turn.log[#turn.log + 1] = { phase = "trades", empire = offer.from,
        text = string.format("TRADE %s to %s: %s did not take it this turn", offer.tech,
          offer.to, offer.to) }
    end
  end
  for _, take in ipairs(turn.takes or {}) do
    if not take.done then
      turn.log[#turn.log + 1] = { phase = "trades", empire = take.empire,
        text = string.format("TAKE %s from %s: %s made no matching TRADE this turn", take.tech,
          take.from, take.from) }
    end
  end
end

return P
