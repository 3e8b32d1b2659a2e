-- Helpers shared by the action scripts: counts, payment, stickiness, results, ownership.
--
-- An action's run(order, res, turn) reports through `res` (ok, reason, spent, details, notes,
-- events) and keeps what lasts for the rest of the turn in `turn` (sticky systems, growth,
-- ORDER bids, trade offers).

local act = {}
local economy = import("lib/economy")
local words = import("lib/words")

-- Marks the action failed with a reason in the player's terms.
function act.fail(res, reason, ...)
  res.ok = false
  res.reason = select("#", ...) > 0 and string.format(reason, ...) or reason
  return false
end

-- Adds a line to the acting empire's report.
function act.note(res, text, ...)
  res.notes[#res.notes + 1] = select("#", ...) > 0 and string.format(text, ...) or text
end

-- Adds a line to another empire's report.
function act.event(res, empire, text, ...)
  res.events[#res.events + 1] = {
    empire = empire,
    text = select("#", ...) > 0 and string.format(text, ...) or text,
  }
end

-- A system code as players write it (three digits in the standard game).
function act.code(sys) return galaxy.code(sys) end

-- How many of `available` a number box asks for: N, all (0), all but N; never more than
-- available. Returns the count and whether it was reduced from what was written.
function act.count(number, available)
  if not number or number.kind == "all" or number.kind == "rest" then return available, false end
  if number.kind == "all_but" then return math.max(0, available - number.n), false end
  if number.n > available then return available, true end
  return number.n, false
end

-- The empire's current balance.
function act.balance(empire) return state.value("empire", empire, "balance") end

-- Pays cost BPs from the balance; fails (paying nothing) if the balance is short.
function act.pay(res, empire, cost, what)
  local b = act.balance(empire)
  if cost > b then
    return act.fail(res, "%s costs %s but only %d %s left", what or "it", words.count(cost, "BP"),
      b, b == 1 and "is" or "are")
  end
  state.set_empire(empire, { balance = b - cost })
  res.spent = res.spent + cost
  return true
end

-- Pays cost BPs from the treasury; fails (paying nothing) if the treasury is short.
function act.pay_treasury(res, empire, cost, what)
  local t = state.value("empire", empire, "treasury")
  if cost > t then
    return act.fail(res, "%s costs %s but the treasury holds %d", what or "it",
      words.count(cost, "treasury BP"), t)
  end
  state.set_empire(empire, { treasury = t - cost })
  res.spent = res.spent + cost
  return true
end

-- True if the pair (empire, system) is sticky this turn: its ships cannot move out.
function act.is_sticky(turn, empire, sys)
  local s = turn.sticky and turn.sticky[empire]
  return s ~= nil and s[sys] == true
end

-- Makes (empire, system) sticky for the rest of the turn.
function act.make_sticky(turn, empire, sys)
  turn.sticky = turn.sticky or {}
  turn.sticky[empire] = turn.sticky[empire] or {}
  turn.sticky[empire][sys] = true
end

-- True if the system's kind is a dwarf star (moving cruisers there does not stick).
function act.is_dwarf(sys) return rules.kind[galaxy.kind(sys)].dwarf == true end

-- True if the system is a planet or belt.
function act.is_satellite(sys) return galaxy.is_inner(sys) end

-- True if the system is a planet (not a belt).
function act.is_planet(sys) return galaxy.kind(sys) == "planet" end

-- The owner of a system, or nil.
function act.owner(sys) return state.value("holding", sys, "owner") end

-- Fails unless the empire owns the system; names the box in the reason.
function act.require_owned(res, empire, sys, box)
  if not galaxy.exists(sys) then return act.fail(res, "%s %s does not exist", box, act.code(sys)) end
  if act.owner(sys) ~= empire then
    return act.fail(res, "you do not own %s (%s)", act.code(sys), box)
  end
  return true
end

-- True if `code` is an empire of this game (eliminated or not). A turnsheet may name any
-- three letters; an unknown code makes the action fail instead of stopping the turn.
function act.is_empire(code)
  for _, e in ipairs(state.empires()) do
    if e == code then return true end
  end
  return false
end

-- Fails unless `code` names an empire of this game that has not been eliminated.
function act.require_empire(res, code, box)
  if not act.is_empire(code) then return act.fail(res, "there is no empire %s (%s)", code, box) end
  if state.value("empire", code, "eliminated") then return act.fail(res, "%s has been eliminated", code) end
  return true
end

-- True if the planet is blockaded (rule 2.14).
function act.blockaded(sys) return economy.blockaded(sys) end

-- Productive population limit of a system for an empire (black dwarfs: Life Support).
function act.pop_limit(empire, sys) return economy.pop_limit(empire, sys) end

-- Ships one build may make in a system: min(population, industry), the population capped by
-- Life Support at black dwarfs (lib/economy.lua).
function act.build_limit(empire, sys) return economy.build_limit(empire, sys) end

-- Records that a system's population rose this turn (GROW, COLONISE, finds).
function act.mark_grown(turn, sys)
  turn.grown = turn.grown or {}
  turn.grown[sys] = true
end

-- True if the system's population already rose this turn.
function act.has_grown(turn, sys) return turn.grown ~= nil and turn.grown[sys] == true end

-- Ships may not go into the reserve and come out of it in one turn (rule 2.11(a), RULINGS.md
-- "Actions"). Records that `action` (LAYUP or RECOVER: in, RESERVE: out) moved ships.
function act.note_reserve(turn, empire, action)
  local way = action == "RESERVE" and "reserve_out" or "reserve_in"
  turn[way] = turn[way] or {}
  turn[way][empire] = turn[way][empire] or action
end

-- Fails an action that would move ships the other way through the reserve from an earlier
-- action this turn; returns false then.
function act.require_reserve_way(res, turn, empire, action)
  local other = action == "RESERVE" and "reserve_in" or "reserve_out"
  local earlier = turn[other] and turn[other][empire]
  if earlier then
    return act.fail(res, "%s and %s cannot both be used in one turn: ships may not go into the "
      .. "reserve and come out of it in the same turn", earlier, action)
  end
  return true
end

-- Adds n to a turn-long tally turn[name][key].
function act.tally(turn, name, key, n)
  turn[name] = turn[name] or {}
  turn[name][key] = (turn[name][key] or 0) + n
end

return act
