#include "host/sheet_text.hpp"

#include "core/utf8.hpp"

namespace hl {

std::string normalize_sheet_text(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    // A file saved by a Windows editor in its "ANSI" code page, converted as mail-in converts
    // undeclared 8-bit text (docs/mail.md); a byte that code page lacks is left for the checker.
    if (utf8_error(text)) {
        if (std::optional<std::string> converted = windows1252_to_utf8(text))
            return normalize_sheet_text(*converted);
    }
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\r') {
            out += '\n';
            if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
        } else {
            out += text[i];
        }
    }
    return out;
}

}  // namespace hl
