#pragma once

#include <string>
#include <string_view>

namespace hl {

// A turnsheet's text as players send it, made plain: a UTF-8 byte order mark is dropped, text
// that is not UTF-8 is read as Windows-1252 (as mail-in reads undeclared 8-bit text) when it
// can be, and CRLF or lone CR line ends become LF (browsers post text areas with CRLF; mail
// uses CRLF).
std::string normalize_sheet_text(std::string_view text);

}  // namespace hl
