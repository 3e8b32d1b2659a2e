#pragma once

#include <string>

#include "report/document.hpp"

namespace hl {

// A document as one self-contained HTML page that reads well on a phone: no script, no
// outside file, its style inline, maps as inline SVG, a list of the sections at the top, every
// text of the document escaped.
std::string document_html(const Document& doc);

}  // namespace hl
