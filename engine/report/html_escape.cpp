#include "report/html_escape.hpp"

namespace hl {

std::string html_escape(const std::string& s) {
    std::string o;
    o.reserve(s.size());
    append_html_escaped(o, s);
    return o;
}

void append_html_escaped(std::string& out, std::string_view s) {
    std::size_t plain = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        std::string_view entity;
        switch (s[i]) {
            case '&':
                entity = "&amp;";
                break;
            case '<':
                entity = "&lt;";
                break;
            case '>':
                entity = "&gt;";
                break;
            case '"':
                entity = "&quot;";
                break;
            case '\'':
                entity = "&#39;";
                break;
            default:
                continue;
        }
        out.append(s.data() + plain, i - plain);
        out += entity;
        plain = i + 1;
    }
    out.append(s.data() + plain, s.size() - plain);
}

}  // namespace hl
