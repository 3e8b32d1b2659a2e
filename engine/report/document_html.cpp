#include "report/document_html.hpp"

#include <fmt/format.h>

#include "report/html_escape.hpp"
#include "report/map_svg.hpp"

namespace hl {

namespace {

const char* kCss = R"CSS(
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;padding:12px;max-width:70em;background:#f6f7fb;color:#1b1f2a;line-height:1.4}
h1{font-size:1.4em;margin:.2em 0}h2{font-size:1.1em;margin:1.2em 0 .4em;border-bottom:1px solid #ccd}
h3{font-size:1em;margin:.8em 0 .3em}
.subtitle{margin:.2em 0 .6em;color:#445}
nav{font-size:.9em;margin:.4em 0}nav a{margin-right:.8em;white-space:nowrap}
table{border-collapse:collapse;font-size:.9em;margin:.3em 0}
th,td{border:1px solid #d5d8e4;padding:3px 6px;text-align:left;vertical-align:top}th{background:#e8ebf5}
.n{text-align:right;font-variant-numeric:tabular-nums}
.wrap{overflow-x:auto}
dl.kv{display:grid;grid-template-columns:repeat(auto-fill,minmax(15em,1fr));gap:2px 1.2em;margin:.3em 0}
dl.kv div{display:flex;justify-content:space-between;border-bottom:1px dotted #ccd}
dl.kv dt{margin-right:.6em}dl.kv dd{margin:0;font-weight:600}
ul.plain{list-style:none;padding-left:0}ul.plain ul{list-style:none;padding-left:1.4em}
ul{padding-left:1.2em;margin:.3em 0}
.s-warning{font-weight:600;background:#fff4d6;border-left:4px solid #e0a400;padding:4px 8px}
.s-fail{color:#b3261e}.s-ok{color:#1e6b34}.s-muted{color:#667}
.mapbox{overflow:auto;max-height:85vh;border:1px solid #ccd;background:#0b1021;margin:.3em 0}
.mapbox svg{display:block;max-width:none}
pre{background:#fff;border:1px solid #ccd;padding:8px;overflow-x:auto}
)CSS";

// Escaped text with its line breaks as <br>.
std::string escape_lines(const std::string& text) {
    std::string html = html_escape(text);
    if (html.find('\n') == std::string::npos) return html;
    std::string out;
    out.reserve(html.size() + 16);
    for (char c : html)
        if (c == '\n')
            out += "<br>";
        else
            out += c;
    return out;
}

std::string cls(const std::string& style) {
    return style.empty() ? "" : " class=\"s-" + html_escape(style) + "\"";
}

void list_html(const std::vector<DocListItem>& items, bool bullets, bool top, std::string& out) {
    out += top && !bullets ? "<ul class=\"plain\">\n" : "<ul>\n";
    for (const DocListItem& item : items) {
        out += "<li" + cls(item.style) + ">" + html_escape(item.text);
        if (!item.items.empty()) list_html(item.items, bullets, false, out);
        out += "</li>\n";
    }
    out += "</ul>\n";
}

std::string num_cls(bool right) {
    return right ? " class=\"n\"" : "";
}

std::string table_html(const DocTable& t) {
    if (t.rows.empty() && !t.empty.empty()) return "<p>" + html_escape(t.empty) + "</p>\n";
    std::string s = "<div class=\"wrap\"><table>\n<thead><tr>";
    for (const DocColumn& c : t.columns)
        s += "<th" + num_cls(c.align == DocAlign::right) + ">" + html_escape(c.title) + "</th>";
    s += "</tr></thead>\n<tbody>\n";
    for (const auto& row : t.rows) {
        s += "<tr>";
        for (std::size_t i = 0; i < row.size(); ++i)
            s += "<td" + num_cls(t.columns[i].align == DocAlign::right) + ">" +
                 escape_lines(row[i].text) + "</td>";
        s += "</tr>\n";
    }
    return s + "</tbody></table></div>\n";
}

std::string block_html(const DocBlock& b, const std::string* first_map_svg) {
    if (const auto* p = std::get_if<DocParagraph>(&b))
        return "<p" + cls(p->style) + ">" + escape_lines(p->text) + "</p>\n";
    if (const auto* l = std::get_if<DocList>(&b)) {
        std::string out;
        list_html(l->items, l->bullets, true, out);
        return out;
    }
    if (const auto* t = std::get_if<DocTable>(&b)) return table_html(*t);
    if (const auto* kv = std::get_if<DocKeyValues>(&b)) {
        std::string s = "<dl class=\"kv\">\n";
        for (const DocKeyValue& item : kv->items)
            s += "<div><dt>" + html_escape(item.key) + "</dt><dd" + num_cls(item.value.number) +
                 ">" + html_escape(item.value.text) + "</dd></div>\n";
        return s + "</dl>\n";
    }
    if (const auto* pre = std::get_if<DocPre>(&b))
        return "<pre>" + html_escape(pre->text) + "</pre>\n";
    if (const auto* h = std::get_if<DocHeading>(&b))
        return "<h3>" + html_escape(h->text) + "</h3>\n";
    const DocMap& m = std::get<DocMap>(b);
    return "<figure class=\"mapbox\">" + (first_map_svg ? *first_map_svg : map_svg(m)) +
           "</figure>\n";
}

std::string html_of(const Document& doc, const std::string* first_map_svg) {
    const DocMap* first = first_map_svg ? first_map(doc) : nullptr;
    std::string b = "<h1>" + html_escape(doc.title) + "</h1>\n";
    if (!doc.subtitle.empty()) b += "<p class=\"subtitle\">" + html_escape(doc.subtitle) + "</p>\n";
    std::string nav;
    for (const DocSection& s : doc.sections)
        if (!s.id.empty() && !s.title.empty())
            nav += "<a href=\"#" + html_escape(s.id) + "\">" + html_escape(s.title) + "</a>\n";
    if (!nav.empty()) b += "<nav>\n" + nav + "</nav>\n";
    for (const DocSection& s : doc.sections) {
        b += s.id.empty() ? "<section>\n" : "<section id=\"" + html_escape(s.id) + "\">\n";
        if (!s.title.empty()) b += "<h2>" + html_escape(s.title) + "</h2>\n";
        for (const DocBlock& block : s.blocks)
            b += block_html(
                block, first && std::get_if<DocMap>(&block) == first ? first_map_svg : nullptr);
        b += "</section>\n";
    }
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
           html_escape(doc.title) + "</title>\n<style>" + kCss + "</style>\n</head>\n<body>\n" + b +
           "</body>\n</html>\n";
}

}  // namespace

std::string document_html(const Document& doc) {
    return html_of(doc, nullptr);
}

std::string document_html(const Document& doc, const std::string& first_map_svg) {
    return html_of(doc, &first_map_svg);
}

}  // namespace hl
