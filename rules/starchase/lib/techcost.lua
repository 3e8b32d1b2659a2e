-- Tech costs (rules 7.3-7.5, table 9.1): buying costs the new level squared times the levels
-- gained ("square of the square" in 7.3 is a typo: the table and its example are right);
-- taking one level in a trade costs half the TECH cost (floor, at least 1), and the empire
-- that traded it gets half of that (floor).

local T = {}

-- Treasury BPs to raise a tech from level `from` to level `to` with TECH.
function T.buy(from, to)
  return to * to * (to - from)
end

-- Treasury BPs a TAKE of one level, to `level`, costs the taker.
function T.take(level)
  return math.max(1, math.floor(level * level / 2))
end

-- Treasury BPs the trading empire receives when `level` is taken.
function T.trader_share(level)
  return math.floor(T.take(level) / 2)
end

return T
