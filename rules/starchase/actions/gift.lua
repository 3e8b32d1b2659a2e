-- GIFT (rule 6.9): Give BPs from your treasury to another empire's treasury.

local A = {
  name = "GIFT",
  rule = "6.9",
  cost = "BPs given, from the treasury",
  summary = "Give BPs from your treasury to another empire's treasury.",
  formats = {
    { from = "none", to = "empire", number = "amount", help = "empire, BPs" },
  },
}

return A
