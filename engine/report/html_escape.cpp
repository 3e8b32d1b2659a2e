#include "report/html_escape.hpp"

namespace hl {

namespace {

// The entity for a character to escape, or an empty view.
std::string_view entity(char c) {
    switch (c) {
        case '&':
            return "&amp;";
        case '<':
            return "&lt;";
        case '>':
            return "&gt;";
        case '"':
            return "&quot;";
        case '\'':
            return "&#39;";
        default:
            return {};
    }
}

template <class Out>
void escape_into(Out& out, std::string_view s) {
    std::size_t plain = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const std::string_view e = entity(s[i]);
        if (e.empty()) continue;
        out += s.substr(plain, i - plain);
        out += e;
        plain = i + 1;
    }
    out += s.substr(plain);
}

}  // namespace

std::string html_escape(const std::string& s) {
    std::string o;
    o.reserve(s.size());
    escape_into(o, s);
    return o;
}

void append_html_escaped(std::string& out, std::string_view s) {
    escape_into(out, s);
}

void append_html_escaped(TextBuffer& out, std::string_view s) {
    escape_into(out, s);
}

}  // namespace hl
