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
function D.table(section, columns, rows, empty, sort_column, descending)
  local cols = {}
  for i, c in ipairs(columns) do cols[i] = { title = c[1], align = c[2] } end
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
