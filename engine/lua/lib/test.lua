-- engine/test: the assertions of a pack's Lua unit tests (docs/rule-tests.md "Lua unit tests"),
-- run by `hyperlane rules test PACK`. Each assertion that does not hold raises an error at the
-- line of the test that called it: `tests/growth.lua:12: expected 51, got 52`. A pack imports
-- it with import("engine/test").

local T = {}

-- A value as a test message shows it: strings quoted, tables with their keys in sorted order
-- (numbers first), nested at most `depth` deep.
local function show(v, depth)
  depth = depth or 4
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) ~= "table" then return tostring(v) end
  if depth == 0 then return "{...}" end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b)
    if type(a) ~= type(b) then return type(a) == "number" end
    if type(a) == "number" or type(a) == "string" then return a < b end
    return false
  end)
  local parts, n = {}, #v
  for _, k in ipairs(keys) do
    if type(k) == "number" and k >= 1 and k <= n and k == math.floor(k) then
      parts[#parts + 1] = show(v[k], depth - 1)
    else
      local name = type(k) == "string" and k:match("^[%a_][%w_]*$") and k
        or "[" .. show(k, 1) .. "]"
      parts[#parts + 1] = name .. " = " .. show(v[k], depth - 1)
    end
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end
T.show = show

-- True if a and b are equal: tables key by key, at any depth (a table reached twice is compared
-- once), other values with ==.
local function same(a, b, seen)
  if a == b then return true end
  if type(a) ~= "table" or type(b) ~= "table" then return false end
  seen = seen or {}
  if seen[a] == b then return true end
  seen[a] = b
  for k, v in pairs(a) do
    if not same(v, b[k], seen) then return false end
  end
  for k in pairs(b) do
    if a[k] == nil then return false end
  end
  return true
end
T.same = same

-- Raises a failure at the test's line; `what` (optional) says what was checked.
local function fail(what, message)
  error((what and (what .. ": ") or "") .. message, 3)
end

-- got must equal want (tables compared key by key).
function T.eq(got, want, what)
  if not same(got, want) then
    fail(what, string.format("expected %s, got %s", show(want), show(got)))
  end
end

-- got must differ from other.
function T.ne(got, other, what)
  if same(got, other) then fail(what, string.format("expected anything but %s", show(other))) end
end

-- v must be true (anything but false and nil).
function T.ok(v, what)
  if not v then fail(what, string.format("expected a true value, got %s", show(v))) end
end

-- got must lie within tolerance of want (numbers).
function T.near(got, want, tolerance, what)
  if type(got) ~= "number" or math.abs(got - want) > tolerance then
    fail(what, string.format("expected %s within %s, got %s", show(want), show(tolerance),
      show(got)))
  end
end

-- got must be at least lo and at most hi.
function T.between(got, lo, hi, what)
  if type(got) ~= "number" or got < lo or got > hi then
    fail(what, string.format("expected %s..%s, got %s", show(lo), show(hi), show(got)))
  end
end

-- list must hold value (compared as T.eq does).
function T.includes(list, value, what)
  for _, v in ipairs(list or {}) do
    if same(v, value) then return end
  end
  fail(what, string.format("%s is not in %s", show(value), show(list)))
end

-- fn() must raise an error whose message contains text (plain text, not a pattern); returns
-- the message.
function T.fails(fn, text, what)
  local ok, err = pcall(fn)
  if ok then fail(what, "expected an error, but none was raised") end
  local message = tostring(err)
  if text and not message:find(text, 1, true) then
    fail(what, string.format("expected an error containing %s, got %s", show(text),
      show(message)))
  end
  return message
end

return T
