-- Cloaking (section 9.4): who sees a cloaked ship. A ship with a cloaking device (`cloak`) that
-- has cloaked (`cloaked`) is seen only by its own race, and by races with a ship carrying the
-- Tachyon Scanner in its hex: their own, or one of a race they hold allied and that holds them
-- allied (4: allied scanners forewarn). Colonies never see cloaked ships. A fleet moving out of
-- a hex still sees and is seen there (9.3).

local K = {}

-- True if the ship has cloaked.
function K.cloaked(ship)
  return ship.cloaked == true
end

-- True if every ship of the list has a cloaking device (sneak, farsneak: 9.4).
function K.all_fitted(ships)
  if #ships == 0 then return false end
  for _, s in ipairs(ships) do
    if not s.cloak then return false end
  end
  return true
end

-- True if every ship of the list has cloaked: the fleet moves at half speed (9.3, 9.4).
function K.all_cloaked(ships)
  if #ships == 0 then return false end
  for _, s in ipairs(ships) do
    if not s.cloaked then return false end
  end
  return true
end

-- True if races a and b hold each other allied (4).
local function allies(w, a, b)
  local ra, rb = w.races[a], w.races[b]
  return ra ~= nil and rb ~= nil and ra.policy[b] == "ally" and rb.policy[a] == "ally"
end

-- True if race `race` detects cloaked ships in `hex`: a ship of its own or of a mutual ally
-- carries the Tachyon Scanner there (9.4, 10, 4).
function K.detects(w, race, hex)
  for _, f in pairs(w.fleets) do
    if f.hex == hex and not f.gone and (f.owner == race or allies(w, race, f.owner)) then
      for _, sid in ipairs(f.ships) do
        local s = w.ships[sid]
        if s and s.scanner == "tachyon" then return true end
      end
    end
  end
  return false
end

-- True if race `race` sees ship `ship` (in its fleet's hex).
function K.sees(w, race, ship)
  if ship.owner == race or not ship.cloaked then return true end
  local f = w.fleets[ship.fleet]
  return f ~= nil and K.detects(w, race, f.hex)
end

-- True if race `race` sees any ship of fleet `f`.
function K.sees_fleet(w, race, f)
  for _, sid in ipairs(f.ships) do
    local s = w.ships[sid]
    if s and K.sees(w, race, s) then return true end
  end
  return false
end

-- Cloaks (or with `on` false uncloaks) the ships of a fleet that have a cloaking device;
-- returns how many changed.
function K.set(w, f, on)
  local n = 0
  for _, sid in ipairs(f.ships) do
    local s = w.ships[sid]
    if s and s.cloak and (s.cloaked == true) ~= on then
      s.cloaked = on
      n = n + 1
    end
  end
  return n
end

return K
