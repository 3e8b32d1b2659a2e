-- Step "tax": marks where TAX orders go in the sheet. The "spend" step fills the action slots
-- nobody used with TAX (2 BPs each, rule 6.12) at this place, so the orders after it can
-- spend what they raise; orders before it (defence, battles, claims) keep the early slots,
-- where they run before other empires' moves.

local S = {}

function S.run(p)
  p.notes.tax_at = #p.orders + 1
end

return S
