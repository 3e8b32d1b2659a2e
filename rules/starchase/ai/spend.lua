-- Step "spend" (last): fills the free action slots with TAX at the place the "tax" step
-- marked (rule 6.12: 2 BPs each) and puts what is left of the balance into industry where
-- there is most room under the population limit (BUILD), so little is left to the unused-BP
-- rules (rule 2.9), which would build cruisers nobody asked for.

local S = {}
local CONST = import("ai/const")
local develop = import("ai/develop")
local COST = CONST.actions

-- The own system with most room for industry.
local function site(p, v)
  local best, room = nil, 0
  for _, s in ipairs(v.owned) do
    if not p.claimed[s] and not v:blockaded(s) then
      local r = v:limit(s) - p:industry(s)
      if r > room then best, room = s, r end
    end
  end
  return best, room
end

function S.run(p, v)
  p:release()
  local sys, room = site(p, v)
  local merge = sys and p.notes.build and p.notes.build[sys]
  local taxes = p:left()
  if sys and not merge and taxes > 0 then taxes = taxes - 1 end
  local at = p.notes.tax_at or (#p.orders + 1)
  for _ = 1, taxes do
    table.insert(p.orders, at, { action = "TAX", why = "a free action slot: 2 BPs" })
  end
  p.balance = p.balance + taxes * CONST.economy.tax_bps
  if sys then
    local levels = math.min(room, math.floor(p.balance / COST.build_per_level))
    if levels > 0 then develop.build(p, sys, levels, "the BPs left over: industry scores at every census") end
  end
end

return S
