-- Victory points (section 1.1): points per colony by planet kind, one per population unit in
-- colonies and one more per happy population unit. Population on ships does not count, nor
-- does an empty colony (8.6).

local V = {}

local C = rules.const

-- A race's points from its colonies: list of {kind = planet kind, population, happy}.
function V.points(colonies)
  local total = 0
  for _, c in ipairs(colonies) do
    if c.population > 0 then
      total = total + C.planets[c.kind].vps + c.population * C.victory.per_population
      if c.happy then total = total + c.population * C.victory.per_happy_population end
    end
  end
  return total
end

return V
