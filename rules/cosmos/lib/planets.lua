-- The planets of a star system (section 6, Tables 1 and 2), drawn so that over many systems the
-- share of systems of each kind holding a planet type matches Table 2. A system first has no
-- usable planet with Table 2's chance (and then no planet at all: gas giants never occur
-- alone). Otherwise each usable type (terran, sub-terran, minimal terran, barren) is present
-- with its own chance, redrawn until at least one is; those chances are Table 2's scaled by the
-- factor that makes the result come out at Table 2 (found by bisection). A gas giant then joins
-- with its chance, and one more planet of a type already there makes up Table 2's average
-- number of planets. At most one terran planet per system (6.3).

local P = {}

local C = rules.const

P.usable = { "terran", "subterran", "minimal", "barren" }

-- The product of (1 - q * s) over the usable types of a Table 2 column: the chance that an
-- independent draw at scale s finds none of them.
local function none_chance(col, s)
  local z = 1
  for _, kind in ipairs(P.usable) do z = z * (1 - math.min(1, col[kind] / 100 * s)) end
  return z
end

-- The scale s with 1 - none_chance(s) = (1 - none) * s: then each type's share of all systems
-- is its Table 2 figure. 1 if Table 2's figures admit no such scale.
local function scale(col)
  local want = 1 - col.none / 100
  local function f(s) return 1 - none_chance(col, s) - want * s end
  local top = 0
  for _, kind in ipairs(P.usable) do top = math.max(top, col[kind] / 100) end
  if top == 0 then return 1 end
  local lo, hi = 1e-9, 1 / top
  if f(lo) <= 0 or f(hi) >= 0 then return 1 end
  for _ = 1, 60 do
    local mid = (lo + hi) / 2
    if f(mid) > 0 then lo = mid else hi = mid end
  end
  return (lo + hi) / 2
end

local scales = {}

-- The planet kinds of one system of hex kind `system_kind` ("system_a" ...), as a list.
function P.system(system_kind)
  local col = C.systems[system_kind]
  if rng.unit() * 100 < col.none then return {} end
  scales[system_kind] = scales[system_kind] or scale(col)
  local s = scales[system_kind]
  local kinds
  repeat
    kinds = {}
    for _, kind in ipairs(P.usable) do
      if rng.unit() < col[kind] / 100 * s then kinds[#kinds + 1] = kind end
    end
  until #kinds > 0
  local usable_share = 1 - col.none / 100
  if rng.unit() < col.gas_giant / 100 / usable_share then kinds[#kinds + 1] = "gas_giant" end
  -- One more planet of a type already present (never a second terran) toward Table 2's average.
  local expected = col.gas_giant / 100
  for _, kind in ipairs(P.usable) do expected = expected + col[kind] / 100 end
  local extra = (col.planets_x100 / 100 - expected) / usable_share
  if extra > 0 and rng.unit() < extra then
    local choices = {}
    for _, kind in ipairs(kinds) do
      if kind ~= "terran" then choices[#choices + 1] = kind end
    end
    if #choices > 0 then kinds[#kinds + 1] = choices[rng.below(#choices) + 1] end
  end
  return kinds
end

-- A planet's size and mineral content (Table 1): size a multiple of size_step in its range,
-- minerals one of its values, each equally likely.
function P.draw(kind)
  local row = C.planets[kind]
  local step = C.planets.size_step
  local size = row.size_min + step * rng.below((row.size_max - row.size_min) / step + 1)
  return size, row.minerals[rng.below(#row.minerals) + 1]
end

return P
