#pragma once

#include <string>

namespace hl {

// Escapes text for HTML and SVG: & < > " ' become entities.
std::string html_escape(const std::string& s);

}  // namespace hl
