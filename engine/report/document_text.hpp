#pragma once

#include <cstddef>
#include <string>

#include "report/document.hpp"

namespace hl {

// The width of text reports: mail clients show 78 columns without wrapping.
inline constexpr std::size_t kTextWidth = 78;

// A document as plain text for mail, no line wider than `width` columns (bar a code or a line of
// preformatted text longer than that): the title, then each section under its underlined
// heading, blocks a blank line apart (docs/report.md "Text").
std::string document_text(const Document& doc, std::size_t width = kTextWidth);

}  // namespace hl
