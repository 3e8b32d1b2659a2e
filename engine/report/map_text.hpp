#pragma once

#include <cstddef>
#include <string>

#include "report/document.hpp"

namespace hl {

// A map as text at most `width` columns wide, for a player who plans moves by mail: every place
// that is not inside another is written as its code followed by its glyph (report.md), at its
// position (x across, y down; on a hex map even columns half a row lower), with a ruler of x
// values and y values down the side. A map wider than the page is cut into bands of columns,
// west to east. A legend of the glyphs comes first.
std::string map_text(const DocMap& map, std::size_t width);

}  // namespace hl
