-- DEEP (rule 4.4): Jump cruisers to a star not linked, within jump tech range; a failed attack is lost in space.

local A = {
  name = "DEEP",
  rule = "4.4",
  cost = "distance squared x cruisers",
  summary = "Jump cruisers to a star not linked, within jump tech range; a failed attack is lost in space.",
  formats = {
    { from = "system", to = "system", number = "count", help = "from, to (a star), cruisers" },
  },
}

return A
