-- Order priority within a phase (section 20.1). Of a pool of units (colonies, or fleets), the
-- one whose next order has the best priority acts next and carries out that one order. Ties
-- are drawn at random among colonies; among fleets the faster flagship goes first, then at
-- random. A unit whose order took no time goes back into the pool and competes again with its
-- next order, at once if that order comes first; a unit whose order takes time is done for
-- the phase.

local data = import("lib/data")

local P = {}

-- The priority of `verb` in `pool` ("colony" or "fleet"): 1 acts first; nil if the verb is not
-- an order of that pool.
function P.of(verb, pool)
  local row = data.order(verb)
  return row and row[pool] or nil
end

-- The index of the unit to act next among `units` ({next = verb, speed = number}; units with
-- no next order are skipped); nil if none has an order.
function P.pick(units, pool)
  local best, tied = nil, {}
  for i, u in ipairs(units) do
    if u.next then
      local p = P.of(u.next, pool)
      if not p then error("'" .. u.next .. "' is not a " .. pool .. " order", 2) end
      local better = not best or p < best.p or
        (p == best.p and pool == "fleet" and (u.speed or 0) > best.speed)
      if better then
        best, tied = { p = p, speed = u.speed or 0 }, { i }
      elseif p == best.p and (pool == "colony" or (u.speed or 0) == best.speed) then
        tied[#tied + 1] = i
      end
    end
  end
  if #tied == 0 then return nil end
  return tied[#tied == 1 and 1 or rng.below(#tied) + 1]
end

-- Plays one phase of a pool: picks units one at a time and calls act(unit), which carries out
-- the unit's next order, updates unit.next (nil when it has none left) and returns true if the
-- order took no time (the unit stays in the pool). Returns the number of orders carried out.
function P.run(units, pool, act)
  local active = {}
  for i, u in ipairs(units) do active[i] = u end
  local done = 0
  while true do
    local i = P.pick(active, pool)
    if not i then break end
    local unit = active[i]
    done = done + 1
    if not act(unit) then table.remove(active, i) end
  end
  return done
end

return P
