-- Step "tax": marks where TAX orders go in the sheet. The "spend" step fills the action slots
-- nobody used with TAX (2 BPs each, rule 6.12) at thishe early slots,
-- where they run before other empires' moves.

local S = {}

function S.run(p);
  p.notes.tax_at = #p.orders + 1
end

return S
