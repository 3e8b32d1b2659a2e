-- A unit's pending orders (sections 2, 18.1): new orders are appended to the list of orders a
-- unit already has, except break, clear, insert and embed, which act on that list at once as
-- they are appended: break and clear remove orders before them, insert puts its orders into
-- the list, embed appends its orders to the orders held by one of the list's orders (clear and
-- break among them act on that inner list in turn). A list is a Lua list of queue entries
-- {verb, args = words, given, line, begun, done, embedded = {entry...}}.

local O = import("orders")

local Q = {}

-- The verbs that act on a list as they are appended to it (18.1).
Q.now = { ["break"] = true, clear = true, insert = true, embed = true }

-- True once an order has begun (3: begun-x).
function Q.begun(o)
  return (o.begun or 0) > 0 or (o.done or 0) > 0
end

-- The queued records a unit carries over from last turn (state's `queued` with `field` = id),
-- in the order they were given.
function Q.carried(field, id)
  local rows = {}
  for _, qid in ipairs(state.find("queued", field, id)) do
    rows[#rows + 1] = state.get("queued", qid)
  end
  table.sort(rows, function(a, b)
    if a.seq ~= b.seq then return a.seq < b.seq end
    return a.id < b.id
  end)
  return rows
end

-- A position in a list of n orders as break, clear, insert and embed count it (18.1): positive
-- from the start, negative back from the order itself (which stands after the n); nil when not
-- given or zero.
local function position(text, n)
  local k = O.number(text)
  if not k or k == 0 then return nil end
  if k < 0 then return n + 1 + k end
  return k
end

-- A copy of entries for another list (a new ship's, the target of an order order), given this
-- turn as the originals were.
function Q.copy(list)
  local out = {}
  for i, o in ipairs(list or {}) do
    local args = {}
    for j, a in ipairs(o.args or {}) do args[j] = a end
    out[i] = { verb = o.verb, args = args, given = o.given, line = o.line, begun = 0, done = 0,
      embedded = Q.copy(o.embedded) }
  end
  return out
end

-- break [last] and clear [first [last]] (18.1) on `list`; `unit` is the fleet whose own list it
-- is, if any: a move broken off while between hexes leaves it in the hex it came from (9.3).
local function cut(list, o, unit)
  local n = #list
  local first, last
  if o.verb == "break" then
    first, last = 1, position(o.args[1], n) or n
  else
    local a = o.args[1]
    first = a ~= "*" and position(a, n) or nil
    if not first then first = (list[1] and Q.begun(list[1])) and 2 or 1 end
    last = position(o.args[2], n) or n
  end
  first = math.max(first, 1)
  last = math.min(last, n)
  if first > last then return nil end
  if first == 1 and unit and unit.target then
    unit.target, unit.progress = nil, 0
  end
  for _ = first, last do table.remove(list, first) end
  return nil
end

-- insert n orders (18.1): the orders go after order n of the list (0: at its start, negative:
-- back from the insert), never before an order that has begun.
local function insert(list, o)
  local at = O.number(o.args[1]) or 0
  if at < 0 then at = #list + 1 + at end
  at = math.max(0, math.min(at, #list))
  if at == 0 and list[1] and Q.begun(list[1]) then at = 1 end
  for i, e in ipairs(o.embedded or {}) do table.insert(list, at + i, e) end
  return nil
end

-- Appends entry `o` to `list`: the orders of `unit` (a fleet or colony record; nil for an inner
-- list) given by a unit of kind `who` ("colony", "fleet", or "unit" when not known). break,
-- clear, insert and embed act at once; the orders embed adds must be of the kind the order
-- they join sends its own to (a build's: fleet orders). Returns nil, or why the order (or an
-- order it embeds) could not act, for a line in the race's report.
function Q.append(list, o, unit, who)
  if o.verb == "break" or o.verb == "clear" then return cut(list, o, unit) end
  if o.verb == "insert" then return insert(list, o) end
  if o.verb == "embed" then
    local k = position(o.args[1], #list)
    local target = k and list[k]
    if not target then
      return string.format("there is no order %s to embed orders in", tostring(o.args[1]))
    end
    local inner = O.embeds(target.verb, who or "unit", target.args)
    if not inner then
      return string.format("order %s (%s) holds no orders", tostring(o.args[1]), target.verb)
    end
    target.embedded = target.embedded or {}
    local refused = {}
    for _, e in ipairs(o.embedded or {}) do
      if inner == "unit" or O.allowed(e.verb, inner) then
        Q.append(target.embedded, e, nil, inner)
      else
        refused[#refused + 1] = e.verb
      end
    end
    if #refused > 0 then
      return string.format("%s cannot go in order %s (%s): its orders are %s orders",
        table.concat(refused, ", "), tostring(o.args[1]), target.verb, inner)
    end
    return nil
  end
  list[#list + 1] = o
  return nil
end

-- Appends every entry of `orders` to `list` in turn (see Q.append); returns the reasons of
-- those that could not act, as {verb, why}.
function Q.append_all(list, orders, unit, who)
  local problems = {}
  for _, o in ipairs(orders or {}) do
    local why = Q.append(list, o, unit, who)
    if why then problems[#problems + 1] = { verb = o.verb, why = why } end
  end
  return problems
end

return Q
