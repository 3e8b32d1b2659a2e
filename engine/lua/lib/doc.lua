-- engine/doc: builds report documents as the engine renders them (docs/report.md "The document
-- model"): a title, then sections of blocks (paragraphs, lists, tables, key/value lines,
-- preformatted text, maps). Every builder returns what it made, so callers can add to it. A
-- pack imports it with import("engine/doc").

local D = {}

-- A new document: kind ("empire", "game"), title and an optional subtitle.
function D.new(kind, title, subtitle)
  return { format = 1, kind = kind, title = title, subtitle = subtitle, sections = {} }
end

-- Adds a section (title and id may be nil: no heading, no anchor).
function D.section(doc, title, id)
  local s = { title = title, id = id, blocks = {} }
  doc.sections[#doc.sections + 1] = s
  return s
end

local function add(section, block)
  section.blocks[#section.blocks + 1] = block
  return block
end

-- A paragraph; style is nil or a word ("warning", "ok", "fail", "muted").
function D.paragraph(section, text, style)
  return add(section, { type = "paragraph", text = text, style = style })
end

-- A list of lines, each a string or {text, style, items = {...}}.
function D.list(section, items, bullets)
  return add(section, { type = "list", items = items, bullets = bullets or nil })
end

-- A table: columns {{title, "right"}, ...} (left-aligned unless "right"), rows of cells (text or
-- numbers, one per column), what to say when there are no rows, and optionally the column
-- (1-based) to sort the rows by, largest first if `descending`.
-- A misused argument is an error at the caller's line, not a table that shows nothing.
local function is_list(v)
  if type(v) ~= "table" then return false end
  local n = #v
  for k in pairs(v) do
    if type(k) ~= "number" or k < 1 or k > n or k ~= math.floor(k) then return false end
  end
  return true
end

local function misuse(message)
  error("doc.table: " .. message, 3)
end

function D.table(section, columns, rows, empty, sort_column, descending)
  if type(section) ~= "table" or type(section.blocks) ~= "table" then
    misuse("the first argument must be a section (from doc.section), not " .. type(section))
  end
  if not is_list(columns) or #columns == 0 then
    misuse("columns must be a non-empty list of {title, align}")
  end
  local cols = {}
  for i, c in ipairs(columns) do
    if type(c) ~= "table" or type(c[1]) ~= "string" then
      misuse(string.format("column %d must be {title, align} with a string title", i))
    end
    if c[2] ~= nil and c[2] ~= "left" and c[2] ~= "right" then
      misuse(string.format("column %d: align must be \"left\", \"right\" or nil", i))
    end
    cols[i] = { title = c[1], align = c[2] }
  end
  if not is_list(rows) then misuse("rows must be a list of rows, not " .. type(rows)) end
  for r, row in ipairs(rows) do
    if not is_list(row) or #row ~= #cols then
      misuse(string.format("row %d must be a list of %d cells", r, #cols))
    end
    for c, cell in ipairs(row) do
      if type(cell) ~= "string" and type(cell) ~= "number" then
        misuse(string.format("row %d, cell %d is %s, not text or a number", r, c, type(cell)))
      end
    end
  end
  if empty ~= nil and type(empty) ~= "string" then
    misuse("what to say when there are no rows must be text, not " .. type(empty))
  end
  if sort_column ~= nil and (type(sort_column) ~= "number" or sort_column < 1
      or sort_column > #cols or sort_column ~= math.floor(sort_column)) then
    misuse(string.format("sort column must be a column number 1..%d", #cols))
  end
  local sort = sort_column and { column = sort_column, descending = descending or nil } or nil
  return add(section, { type = "table", columns = cols, rows = rows, empty = empty, sort = sort })
end

-- A heading inside a section, over the blocks after it (e.g. "Phase 3").
function D.heading(section, text)
  return add(section, { type = "heading", text = text })
end

-- Key/value lines: {{key, value}, ...}.
function D.keyvalue(section, items)
  local out = {}
  for i, kv in ipairs(items) do out[i] = { key = kv[1], value = kv[2] } end
  return add(section, { type = "keyvalue", items = out })
end

-- Text shown exactly as written.
function D.pre(section, text)
  return add(section, { type = "pre", text = text })
end

-- A map block (see docs/report.md for its keys).
function D.map(section, map)
  map.type = "map"
  return add(section, map)
end

return D
