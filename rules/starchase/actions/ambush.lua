-- AMBUSH (rule 4.2): Set a system's defence to ambush attacks from one adjacent system (effective only if set before the MOVE).

local A = {
  name = "AMBUSH",
  rule = "4.2",
  cost = "none",
  summary = "Set a system's defence to ambush attacks from one adjacent system (effective only if set before the MOVE).",
  formats = {
    { from = "system", to = "system", number = "none", help = "system to defend, adjacent system the attack comes from" },
  },
}

return A
