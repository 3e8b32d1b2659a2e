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

}  // namespace hl
