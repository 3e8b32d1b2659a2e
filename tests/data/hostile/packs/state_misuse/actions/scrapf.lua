-- SCRAPF that sets a field the state does not have: its check passes, its run fails.
local A = {
  name = "SCRAPF",
  rule = "6.6",
  cost = "1 BP per fighter",
  summary = "Scrap fighters.",
  formats = {
    { from = "system", to = "none", number = "count", help = "system, fighters" },
  },
}

function A.run(order, res)
  state.set_empire(order.empire, { fighters_scrapped = 1 })
  res.ok = true
end

return A
