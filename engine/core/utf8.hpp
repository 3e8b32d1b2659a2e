#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace hl {

// Byte offset of the first byte that is not part of well-formed UTF-8 (overlong forms,
// surrogates and code points above U+10FFFF count as ill-formed); nullopt if all is well.
std::optional<std::size_t> utf8_error(std::string_view text);

// Number of code points in well-formed UTF-8 text.
std::size_t utf8_length(std::string_view text);

// True if text holds a C0 control character or DEL (tabs and line breaks included).
bool has_control_char(std::string_view text);

// Text safe to echo in a message: printable ASCII as is, every other byte as \xNN, cut to
// max_bytes of input with "..." appended when longer.
std::string printable(std::string_view text, std::size_t max_bytes = 24);

// Windows-1252 text (Windows' "ANSI" Western code page, a superset of ISO-8859-1) as UTF-8, as
// iconv's WINDOWS-1252 converts it; nullopt if it holds one of the five bytes the code page
// leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D).
std::optional<std::string> windows1252_to_utf8(std::string_view text);

}  // namespace hl
