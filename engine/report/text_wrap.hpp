#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace hl {

// The columns text takes in a fixed-width font: one per code point.
std::size_t text_width(std::string_view text);

// Text cut into lines of at most `width` columns at spaces; a word longer than a line is cut
// between code points. Line breaks in the text start new lines; runs of spaces count as one.
// Never empty: blank text gives one empty line.
std::vector<std::string> wrap_words(std::string_view text, std::size_t width);

// Text padded with spaces to `width` columns, on the right (left-aligned) or on the left.
std::string pad_to(const std::string& text, std::size_t width, bool right_align = false);

// Appends text padded as pad_to pads it.
void append_padded(std::string& out, std::string_view text, std::size_t width,
                   bool right_align = false);

// Each line of wrap_words(text, width - indent) after `first` (the first line) or `rest` (the
// others), each ending in a line break; `first` and `rest` are assumed to be `indent` wide.
std::string wrap_indented(std::string_view text, std::size_t width, const std::string& first,
                          const std::string& rest);

// Appends wrap_indented(text, width, first, rest), without wrapping a text that fits on a line.
void append_wrapped(std::string& out, std::string_view text, std::size_t width,
                    std::string_view first, std::string_view rest);

// The width of a text that wrap_words leaves on one line as it is (no line break, no space at
// either end or twice in a row), or std::string_view::npos for any other text.
std::size_t one_line_width(std::string_view text);

}  // namespace hl
