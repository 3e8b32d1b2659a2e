local A = {
  name = "NAME",
  rule = "2.5",
  cost = "none",
  summary = "Clashes with the NAME line of a turnsheet.",
  formats = { { from = "system", to = "none", number = "none", help = "system" } },
}

return A
