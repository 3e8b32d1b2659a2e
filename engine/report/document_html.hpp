#pragma once

#include <string>

#include "report/document.hpp"

namespace hl {

// A document as one self-contained HTML page that reads well on a phone: no script, no
// outside file, its style inline, maps as inline SVG, a list of the sections at the top, every
// text of the document escaped.
std::string document_html(const Document& doc);

// The same with the document's first map already drawn by map_svg (the report's .svg file), so
// it is not drawn twice.
std::string document_html(const Document& doc, const std::string& first_map_svg);

}  // namespace hl
