-- Extension point for variants: extra income a system yields on top of rule 2.10.
-- The standard game has none. A variant overrides this file to add, say, mining income.

local X = {}

-- Extra BPs system `sys` yields for `empire`, whose effective population there is `p`.
function X.system(_empire, _sys, _p)
  return 0
end

return X
