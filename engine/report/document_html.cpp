#include "report/document_html.hpp"

#include <string_view>

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

// Appends escaped text with its line breaks as <br>.
void add_lines(TextBuffer& out, std::string_view text) {
    for (std::size_t nl = text.find('\n'); nl != std::string_view::npos; nl = text.find('\n')) {
        append_html_escaped(out, text.substr(0, nl));
        out += "<br>";
        text.remove_prefix(nl + 1);
    }
    append_html_escaped(out, text);
}

// Appends an opening tag with the class of a style, if any, e.g. <p class="s-warning">.
void add_open(TextBuffer& out, std::string_view tag, const std::string& style) {
    out += '<';
    out += tag;
    if (!style.empty()) {
        out += " class=\"s-";
        append_html_escaped(out, style);
        out += '"';
    }
    out += '>';
}

// Appends an opening tag with the class of right-aligned numbers if `right`.
void add_cell_open(TextBuffer& out, std::string_view tag, bool right) {
    out += '<';
    out += tag;
    if (right) out += " class=\"n\"";
    out += '>';
}

void list_html(const std::vector<DocListItem>& items, bool bullets, bool top, TextBuffer& out) {
    out += top && !bullets ? "<ul class=\"plain\">\n" : "<ul>\n";
    for (const DocListItem& item : items) {
        add_open(out, "li", item.style);
        append_html_escaped(out, item.text);
        if (!item.items.empty()) list_html(item.items, bullets, false, out);
        out += "</li>\n";
    }
    out += "</ul>\n";
}

void table_html(const DocTable& t, TextBuffer& out) {
    if (t.rows.empty() && !t.empty.empty()) {
        out += "<p>";
        append_html_escaped(out, t.empty);
        out += "</p>\n";
        return;
    }
    out += "<div class=\"wrap\"><table>\n<thead><tr>";
    for (const DocColumn& c : t.columns) {
        add_cell_open(out, "th", c.align == DocAlign::right);
        append_html_escaped(out, c.title);
        out += "</th>";
    }
    out += "</tr></thead>\n<tbody>\n";
    for (const auto& row : t.rows) {
        out += "<tr>";
        for (std::size_t i = 0; i < row.size(); ++i) {
            add_cell_open(out, "td", t.columns[i].align == DocAlign::right);
            add_lines(out, row[i].text);
            out += "</td>";
        }
        out += "</tr>\n";
    }
    out += "</tbody></table></div>\n";
}

void block_html(const DocBlock& b, const std::string* first_map_svg, TextBuffer& out) {
    if (const auto* p = std::get_if<DocParagraph>(&b)) {
        add_open(out, "p", p->style);
        add_lines(out, p->text);
        out += "</p>\n";
    } else if (const auto* l = std::get_if<DocList>(&b)) {
        list_html(l->items, l->bullets, true, out);
    } else if (const auto* t = std::get_if<DocTable>(&b)) {
        table_html(*t, out);
    } else if (const auto* kv = std::get_if<DocKeyValues>(&b)) {
        out += "<dl class=\"kv\">\n";
        for (const DocKeyValue& item : kv->items) {
            out += "<div><dt>";
            append_html_escaped(out, item.key);
            out += "</dt>";
            add_cell_open(out, "dd", item.value.number);
            append_html_escaped(out, item.value.text);
            out += "</dd></div>\n";
        }
        out += "</dl>\n";
    } else if (const auto* pre = std::get_if<DocPre>(&b)) {
        out += "<pre>";
        append_html_escaped(out, pre->text);
        out += "</pre>\n";
    } else if (const auto* h = std::get_if<DocHeading>(&b)) {
        out += "<h3>";
        append_html_escaped(out, h->text);
        out += "</h3>\n";
    } else {
        out += "<figure class=\"mapbox\">";
        if (first_map_svg)
            out += *first_map_svg;
        else
            out += map_svg(std::get<DocMap>(b));
        out += "</figure>\n";
    }
}

std::string html_of(const Document& doc, const std::string* first_map_svg) {
    const DocMap* first = first_map_svg ? first_map(doc) : nullptr;
    TextBuffer out(64 * 1024 + (first_map_svg ? first_map_svg->size() : 0));
    out +=
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>";
    append_html_escaped(out, doc.title);
    out += "</title>\n<style>";
    out += kCss;
    out += "</style>\n</head>\n<body>\n<h1>";
    append_html_escaped(out, doc.title);
    out += "</h1>\n";
    if (!doc.subtitle.empty()) {
        out += "<p class=\"subtitle\">";
        append_html_escaped(out, doc.subtitle);
        out += "</p>\n";
    }
    bool nav = false;
    for (const DocSection& s : doc.sections) {
        if (s.id.empty() || s.title.empty()) continue;
        if (!nav) out += "<nav>\n";
        nav = true;
        out += "<a href=\"#";
        append_html_escaped(out, s.id);
        out += "\">";
        append_html_escaped(out, s.title);
        out += "</a>\n";
    }
    if (nav) out += "</nav>\n";
    for (const DocSection& s : doc.sections) {
        if (s.id.empty()) {
            out += "<section>\n";
        } else {
            out += "<section id=\"";
            append_html_escaped(out, s.id);
            out += "\">\n";
        }
        if (!s.title.empty()) {
            out += "<h2>";
            append_html_escaped(out, s.title);
            out += "</h2>\n";
        }
        for (const DocBlock& block : s.blocks)
            block_html(block,
                       first && std::get_if<DocMap>(&block) == first ? first_map_svg : nullptr,
                       out);
        out += "</section>\n";
    }
    out += "</body>\n</html>\n";
    return out.take();
}

}  // namespace

std::string document_html(const Document& doc) {
    return html_of(doc, nullptr);
}

std::string document_html(const Document& doc, const std::string& first_map_svg) {
    return html_of(doc, &first_map_svg);
}

}  // namespace hl
