-- engine/doc's doc.table refuses arguments of the wrong type or shape with an error at the line
-- that called it, rather than making a table that shows nothing (docs/packs.md "Reports").

local T = import("engine/test")
local doc = import("engine/doc")

local tests = {}

local function section()
  return doc.section(doc.new("game", "Tally"), "Coins")
end

-- Each misuse fails at this file's line of the doc.table call, naming what is wrong.
tests["misuse is an error at the caller's line"] = function()
  local s = section()
  T.fails(function() doc.table(s, { "House", "Coins" }, {}) end,
    "doc_table.lua:16: doc.table: column 1 must be {title, align} with a string title")
  T.fails(function() doc.table(s, "House", {}) end,
    "doc_table.lua:18: doc.table: columns must be a non-empty list")
  T.fails(function() doc.table(s, { { "House" } }, { "ARC" }) end,
    "doc_table.lua:20: doc.table: row 1 must be a list of 1 cells")
  T.fails(function() doc.table(s, { { "House" }, { "Coins" } }, { { "ARC" } }) end,
    "doc_table.lua:22: doc.table: row 1 must be a list of 2 cells")
  T.fails(function() doc.table(s, { { "House" } }, { { true } }) end,
    "doc_table.lua:24: doc.table: row 1, cell 1 is boolean")
  T.fails(function() doc.table(s, { { "House", "centre" } }, {}) end,
    "doc_table.lua:26: doc.table: column 1: align must be")
  T.fails(function() doc.table(s, { { "House" } }, {}, nil, 2) end,
    "doc_table.lua:28: doc.table: sort column must be a column number 1..1")
  T.fails(function() doc.table(nil, { { "House" } }, {}) end,
    "doc_table.lua:30: doc.table: the first argument must be a section")
  T.fails(function() doc.table(s, { { "House" } }, nil) end,
    "doc_table.lua:32: doc.table: rows must be a list of rows, not nil")
  T.eq(#s.blocks, 0, "no table was added")
end

-- Used as documented, it adds the table to the section.
tests["a table used as documented"] = function()
  local s = section()
  local t = doc.table(s, { { "House" }, { "Coins", "right" } }, { { "ARC", 3 } }, "none", 2, true)
  T.eq(t, s.blocks[1])
  T.eq(t.columns, { { title = "House" }, { title = "Coins", align = "right" } })
  T.eq(t.sort, { column = 2, descending = true })
end

return tests
