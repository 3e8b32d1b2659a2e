-- The standard game's turnsheet: its grammar, its checks before the turn and its example
-- sheets, called by the engine (docs/packs.md "The turnsheet", docs/turnsheet.md). The engine
-- reads the sheet's lines (comments, tokens and columns), keeps the empire, secret and turn the
-- sheet gives, checks those three and stores the sheet; everything else is here.

local G = {}

-- How the engine splits a sheet into lines and tokens: `#` starts a comment, no quoted words,
-- at most 24 tokens a line are read (a line with more is flagged `more`).
G.syntax = { comment = "#", quotes = false, max_tokens = 24 }

-- What check's summary calls one row of G.table: "OK: 3 action(s) of ARC for turn 1".
G.noun = "action"

-- Reads a sheet with the engine's reader r (sheet/read.lua): the value handed to turn.run.
function G.parse(r)
  return import("sheet/read").read(r)
end

-- Checks a read sheet against the game before the turn runs (sheet/check.lua); report =
-- {empire, turn, error(line, col, message), warning(...), failure(...)}.
function G.check(sheet, report)
  import("sheet/check").check(sheet, report)
end

-- The orders of a read sheet as a table for `hyperlane check --json`: the column names, then
-- one row per action line by slot (a missing value is null).
function G.table(sheet)
  local rows = {}
  for i, o in ipairs(sheet.orders) do
    rows[i] = { slot = o.slot, line = o.line, action = o.action, from = o.written.from,
      to = o.written.to, number = o.written.number }
  end
  return { "slot", "line", "action", "from", "to", "number" }, rows
end

-- The blank sheet of info.empire for turn info.turn, which the web puts in its editor: the
-- three header lines, the SECRET line left for the player (the engine never shows a secret).
function G.blank(info)
  return import("sheet/write").header(info.empire, info.secret, info.turn)
end

-- Problems of the pack's declarations for `hyperlane rules check`: {{module, message}, ...}.
function G.problems()
  return import("lib/actions").problems()
end

-- Sheets that use every format of every action once, with codes from the game, for
-- `hyperlane rules check` to parse and check: info = {empire, secret, turn}.
function G.examples(info)
  return import("sheet/examples").sheets(info)
end

return G
