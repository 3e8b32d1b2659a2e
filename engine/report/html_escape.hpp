#pragma once

#include <string>
#include <string_view>

#include "report/text_buffer.hpp"

namespace hl {

// Escapes text for HTML and SVG: & < > " ' become entities.
std::string html_escape(const std::string& s);

// Appends html_escape(s) to `out`, copying the runs between characters to escape in one go.
void append_html_escaped(std::string& out, std::string_view s);

// The same into a text buffer.
void append_html_escaped(TextBuffer& out, std::string_view s);

}  // namespace hl
