-- The pack's constants the computer players read (rules.const: [constants] of pack.toml) as
-- plain tables. rules.const's tables are read-only views, a metamethod lookup on every read,
-- and the steps read them in their loops. Copied once per Lua state: they are the pack's, not
-- the game's. Tables inside them stay as they are (read-only views; arrays copied once).

local K = {}

local function plain(view)
  local t = {}
  for k, v in pairs(view) do t[k] = v end
  return t
end

for _, name in ipairs({ "ai", "actions", "battle", "economy", "game", "ships" }) do
  if rules.const[name] ~= nil then K[name] = plain(rules.const[name]) end
end

return K
