#include "report/document_text.hpp"

#include <algorithm>

#include "report/map_text.hpp"
#include "report/text_table.hpp"
#include "report/text_wrap.hpp"

namespace hl {

namespace {

void list_text(const std::vector<DocListItem>& items, bool bullets, std::size_t depth,
               std::size_t width, std::string& out) {
    const std::string rest(4 * depth + 2, ' ');
    const std::string_view indent = std::string_view(rest).substr(0, 4 * depth);
    const std::string first = std::string(indent) + (bullets ? "- " : "");
    for (const DocListItem& item : items) {
        append_wrapped(out, item.text, width, first, rest);
        list_text(item.items, bullets, depth + 1, width, out);
    }
}

// Appends a heading's lines and a rule of `rule` characters as long as the longest.
void heading_text(const std::string& text, std::size_t width, char rule, std::string& out) {
    append_wrapped(out, text, width, "", "");
    std::size_t longest = 0;
    for (const std::string& line : wrap_words(text, width))
        longest = std::max(longest, text_width(line));
    out.append(longest, rule);
    out += '\n';
}

void block_text(const DocBlock& b, std::size_t width, std::string& out) {
    if (const auto* p = std::get_if<DocParagraph>(&b)) {
        if (p->style == "warning")
            append_wrapped(out, p->text, width, "*** ", "    ");
        else
            append_wrapped(out, p->text, width, "", "");
    } else if (const auto* l = std::get_if<DocList>(&b)) {
        list_text(l->items, l->bullets, 0, width, out);
    } else if (const auto* t = std::get_if<DocTable>(&b)) {
        out += table_text(*t, width);
    } else if (const auto* kv = std::get_if<DocKeyValues>(&b)) {
        out += key_values_text(*kv, width);
    } else if (const auto* pre = std::get_if<DocPre>(&b)) {
        out += pre->text;
        if (!pre->text.empty() && pre->text.back() != '\n') out += '\n';
    } else if (const auto* h = std::get_if<DocHeading>(&b)) {
        heading_text(h->text, width, '~', out);
    } else {
        out += map_text(std::get<DocMap>(b), width);
    }
}

}  // namespace

std::string document_text(const Document& doc, std::size_t width) {
    std::string out;
    out.reserve(32 * 1024);
    append_wrapped(out, doc.title, width, "", "");
    if (!doc.subtitle.empty()) append_wrapped(out, doc.subtitle, width, "", "");
    for (const DocSection& s : doc.sections) {
        out += "\n";
        if (!s.title.empty()) heading_text(s.title, width, '-', out);
        // Blocks a blank line apart; a block with no text takes no line.
        bool first = true;
        for (const DocBlock& b : s.blocks) {
            const std::size_t mark = out.size();
            if (!first) out += "\n";
            const std::size_t start = out.size();
            block_text(b, width, out);
            if (out.size() == start)
                out.resize(mark);
            else
                first = false;
        }
    }
    return out;
}

}  // namespace hl
