#include "report/document_text.hpp"

#include <algorithm>

#include "report/map_text.hpp"
#include "report/text_table.hpp"
#include "report/text_wrap.hpp"

namespace hl {

namespace {

void list_text(const std::vector<DocListItem>& items, bool bullets, std::size_t depth,
               std::size_t width, std::string& out) {
    const std::string indent(4 * depth, ' ');
    for (const DocListItem& item : items) {
        std::string first = indent + (bullets ? "- " : "");
        out += wrap_indented(item.text, width, first, indent + "  ");
        list_text(item.items, bullets, depth + 1, width, out);
    }
}

std::string block_text(const DocBlock& b, std::size_t width) {
    if (const auto* p = std::get_if<DocParagraph>(&b))
        return p->style == "warning" ? wrap_indented(p->text, width, "*** ", "    ")
                                     : wrap_indented(p->text, width, "", "");
    if (const auto* l = std::get_if<DocList>(&b)) {
        std::string out;
        list_text(l->items, l->bullets, 0, width, out);
        return out;
    }
    if (const auto* t = std::get_if<DocTable>(&b)) return table_text(*t, width);
    if (const auto* kv = std::get_if<DocKeyValues>(&b)) return key_values_text(*kv, width);
    if (const auto* pre = std::get_if<DocPre>(&b)) {
        std::string text = pre->text;
        if (!text.empty() && text.back() != '\n') text += '\n';
        return text;
    }
    if (const auto* h = std::get_if<DocHeading>(&b)) {
        std::string out = wrap_indented(h->text, width, "", "");
        std::size_t longest = 0;
        for (const std::string& line : wrap_words(h->text, width))
            longest = std::max(longest, text_width(line));
        return out + std::string(longest, '~') + "\n";
    }
    return map_text(std::get<DocMap>(b), width);
}

}  // namespace

std::string document_text(const Document& doc, std::size_t width) {
    std::string out = wrap_indented(doc.title, width, "", "");
    if (!doc.subtitle.empty()) out += wrap_indented(doc.subtitle, width, "", "");
    for (const DocSection& s : doc.sections) {
        out += "\n";
        if (!s.title.empty()) {
            std::string heading = wrap_indented(s.title, width, "", "");
            std::size_t longest = 0;
            for (const std::string& line : wrap_words(s.title, width))
                longest = std::max(longest, text_width(line));
            out += heading + std::string(longest, '-') + "\n";
        }
        bool first = true;
        for (const DocBlock& b : s.blocks) {
            std::string text = block_text(b, width);
            if (text.empty()) continue;
            if (!first) out += "\n";
            out += text;
            first = false;
        }
    }
    return out;
}

}  // namespace hl
