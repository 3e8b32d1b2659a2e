#pragma once

#include <cstddef>
#include <string>

#include "report/document.hpp"

namespace hl {

// A table as text at most `width` columns wide: titles, a rule, then the rows. Columns two
// spaces apart at their natural widths if they fit, else one space apart if that fits; else
// left-aligned columns (two spaces apart) are narrowed
// (down to their longest word) and their cells wrapped; if even that is too wide, the table is
// split into several, each repeating the first column. A cell's line breaks start new lines.
// With no rows: the table's `empty` text.
std::string table_text(const DocTable& table, std::size_t width);

// Key/value lines as text at most `width` columns wide: in as many aligned columns as fit,
// row by row; a value too long for that on a line of its own, wrapped under itself.
std::string key_values_text(const DocKeyValues& kv, std::size_t width);

}  // namespace hl
