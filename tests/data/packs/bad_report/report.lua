-- Report hooks that each misuse what the engine expects of them (tests/cli/report_misuse.sh).

local R = {}

-- The standings line: a number among the lines.
function R.standings()
  return { "Houses:", 3 }
end

-- The GM's lines: one string, not a list of them.
function R.gm_summary()
  return "the pot is full"
end

return R
