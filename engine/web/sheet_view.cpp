#include "web/sheet_view.hpp"

#include <map>
#include <vector>

#include <fmt/format.h>

#include "web/page.hpp"

namespace hl::web {

namespace {

std::string finding_row(const Diagnostic& d) {
    const char* cls = severity_name(d.severity);
    return fmt::format(
        "<tr class=\"finding {0}\"><td class=\"n\"></td><td class=\"{0}\">{0}: "
        "{1}</td></tr>\n",
        cls, esc(d.message));
}

}  // namespace

std::string sheet_view_html(const std::string& text, const Diagnostics& findings) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t nl = text.find('\n', start);
        if (nl == std::string::npos) {
            if (start < text.size()) lines.push_back(text.substr(start));
            break;
        }
        lines.push_back(text.substr(start, nl - start));
        start = nl + 1;
    }
    std::map<int, std::vector<const Diagnostic*>> by_line;
    for (const Diagnostic& d : findings.all()) {
        int line = d.where.line;
        if (line < 0 || line > static_cast<int>(lines.size())) line = 0;
        by_line[line].push_back(&d);
    }
    std::string o = "<table class=\"sheet\">\n";
    for (const Diagnostic* d : by_line[0])
        o += finding_row(*d);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        int n = static_cast<int>(i) + 1;
        o += fmt::format(
            "<tr id=\"line-{0}\"><td class=\"n\">{0}</td><td class=\"t\">{1}</td></tr>\n", n,
            esc(lines[i]));
        for (const Diagnostic* d : by_line[n])
            o += finding_row(*d);
    }
    return o + "</table>\n";
}

}  // namespace hl::web
