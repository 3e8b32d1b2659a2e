#include "report/document_json.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <set>
#include <string_view>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "core/utf8.hpp"
#include "report/text_buffer.hpp"

namespace hl {

using json = nlohmann::ordered_json;

namespace {

json value_json(const DocValue& v) {
    if (!v.number) return v.text;
    std::size_t used = 0;
    try {
        long long n = std::stoll(v.text, &used);
        if (used == v.text.size()) return n;
    } catch (const std::exception&) {
    }
    return std::stod(v.text);
}

json list_item_json(const DocListItem& item) {
    if (item.style.empty() && item.items.empty()) return item.text;
    json j = {{"text", item.text}};
    if (!item.style.empty()) j["style"] = item.style;
    if (!item.items.empty()) {
        j["items"] = json::array();
        for (const DocListItem& sub : item.items)
            j["items"].push_back(list_item_json(sub));
    }
    return j;
}

json map_json(const DocMap& m) {
    json j = {{"type", "map"}, {"geometry", m.geometry == MapGeometry::hex ? "hex" : "grid"}};
    if (m.odd_columns_lower) j["lower_columns"] = "odd";
    if (!m.title.empty()) j["title"] = m.title;
    j["layers"] = json::array();
    for (const MapLayer& l : m.layers) {
        json jl = {{"id", l.id}};
        if (!l.name.empty()) jl["name"] = l.name;
        if (!l.fill.empty()) jl["fill"] = l.fill;
        if (!l.ring.empty()) jl["ring"] = l.ring;
        if (!l.line.empty()) jl["line"] = l.line;
        if (l.dash) jl["dash"] = true;
        if (l.size != 0) jl["size"] = l.size;
        if (!l.glyph.empty()) jl["glyph"] = l.glyph;
        j["layers"].push_back(jl);
    }
    j["places"] = json::array();
    for (const MapPlace& p : m.places) {
        json jp = {{"code", p.code}};
        if (!p.label.empty()) jp["label"] = p.label;
        if (!p.title.empty()) jp["title"] = p.title;
        if (p.parent.empty()) {
            jp["x"] = p.x;
            jp["y"] = p.y;
        } else {
            jp["parent"] = p.parent;
        }
        jp["layers"] = p.layers;
        if (p.size != 0) jp["size"] = p.size;
        if (!p.mark.empty()) jp["mark"] = p.mark;
        if (p.tail) jp["tail"] = true;
        j["places"].push_back(jp);
    }
    j["links"] = json::array();
    for (const MapLink& l : m.links) {
        json jl = {{"from", l.from}, {"to", l.to}};
        if (!l.layer.empty()) jl["layer"] = l.layer;
        j["links"].push_back(jl);
    }
    j["legend"] = m.legend;
    return j;
}

json block_json(const DocBlock& b) {
    if (const auto* p = std::get_if<DocParagraph>(&b)) {
        json j = {{"type", "paragraph"}, {"text", p->text}};
        if (!p->style.empty()) j["style"] = p->style;
        return j;
    }
    if (const auto* l = std::get_if<DocList>(&b)) {
        json j = {{"type", "list"}};
        if (l->bullets) j["bullets"] = true;
        j["items"] = json::array();
        for (const DocListItem& item : l->items)
            j["items"].push_back(list_item_json(item));
        return j;
    }
    if (const auto* t = std::get_if<DocTable>(&b)) {
        json j = {{"type", "table"}, {"columns", json::array()}, {"rows", json::array()}};
        for (const DocColumn& c : t->columns) {
            json jc = {{"title", c.title}};
            if (c.align == DocAlign::right) jc["align"] = "right";
            j["columns"].push_back(jc);
        }
        for (const auto& row : t->rows) {
            json jr = json::array();
            for (const DocValue& v : row)
                jr.push_back(value_json(v));
            j["rows"].push_back(jr);
        }
        if (!t->empty.empty()) j["empty"] = t->empty;
        return j;
    }
    if (const auto* kv = std::get_if<DocKeyValues>(&b)) {
        json j = {{"type", "keyvalue"}, {"items", json::array()}};
        for (const DocKeyValue& item : kv->items)
            j["items"].push_back({{"key", item.key}, {"value", value_json(item.value)}});
        return j;
    }
    if (const auto* pre = std::get_if<DocPre>(&b)) return {{"type", "pre"}, {"text", pre->text}};
    if (const auto* h = std::get_if<DocHeading>(&b))
        return {{"type", "heading"}, {"text", h->text}};
    return map_json(std::get<DocMap>(b));
}

}  // namespace

Document document_from_json(const json& j) {
    return document_from_tree(value_tree_from_json(j));
}

json document_to_json(const Document& d) {
    json j = {{"format", kDocumentFormat}, {"kind", d.kind}, {"title", d.title}};
    if (!d.subtitle.empty()) j["subtitle"] = d.subtitle;
    j["sections"] = json::array();
    for (const DocSection& s : d.sections) {
        json js;
        if (!s.title.empty()) js["title"] = s.title;
        if (!s.id.empty()) js["id"] = s.id;
        js["blocks"] = json::array();
        for (const DocBlock& b : s.blocks)
            js["blocks"].push_back(block_json(b));
        j["sections"].push_back(js);
    }
    return j;
}

}  // namespace hl

namespace hl {

namespace {

// True for the bytes a JSON string holds as they are: printable ASCII but '"' and '\'.
constexpr std::array<bool, 256> kPlainByte = [] {
    std::array<bool, 256> plain{};
    for (int c = 0x20; c < 0x80; ++c)
        plain[c] = c != '"' && c != '\\';
    return plain;
}();

// Writes JSON as nlohmann's dump(1) lays it out: one space of indent a level, "key": value,
// empty containers as {} and [].
class JsonWriter {
  public:
    // The text written, with a line break after it.
    std::string take() {
        out_ += '\n';
        return out_.take();
    }

    void begin_object() { open('{'); }
    void end_object() { close('}'); }
    void begin_array() { open('['); }
    void end_array() { close(']'); }

    // The key of the next member of the object being written (a name needing no escape).
    void key(std::string_view k) {
        next();
        char* p = out_.room(k.size() + 4);
        *p++ = '"';
        std::memcpy(p, k.data(), k.size());
        std::memcpy(p + k.size(), "\": ", 3);
    }
    // An item of the array being written, or the value after key().
    void item() { next(); }

    void string(std::string_view s) {
        std::size_t i = 0;
        while (i < s.size() && kPlainByte[static_cast<unsigned char>(s[i])])
            ++i;
        if (i == s.size()) {
            out_ += '"';
            out_ += s;
            out_ += '"';
            return;
        }
        if (!ascii(s.substr(i)) && utf8_error(s)) {
            out_ += json(std::string(s)).dump();  // throws as the dump would
            return;
        }
        out_ += '"';
        std::size_t plain = 0;
        for (; i < s.size(); ++i) {
            const unsigned char c = static_cast<unsigned char>(s[i]);
            if (c >= 0x20 && c != '"' && c != '\\') continue;
            out_ += s.substr(plain, i - plain);
            plain = i + 1;
            switch (c) {
                case '"':
                    out_ += "\\\"";
                    break;
                case '\\':
                    out_ += "\\\\";
                    break;
                case '\b':
                    out_ += "\\b";
                    break;
                case '\t':
                    out_ += "\\t";
                    break;
                case '\n':
                    out_ += "\\n";
                    break;
                case '\f':
                    out_ += "\\f";
                    break;
                case '\r':
                    out_ += "\\r";
                    break;
                default:
                    out_ += fmt::format("\\u{:04x}", c);
            }
        }
        out_ += s.substr(plain);
        out_ += '"';
    }
    void integer(long long n) {
        char digits[24];
        out_ += std::string_view(digits, std::to_chars(digits, digits + sizeof digits, n).ptr);
    }
    void boolean(bool b) { out_ += b ? "true" : "false"; }
    void number(double d) { out_ += json(d).dump(); }

    // A cell's value as value_json gives it.
    void value(const DocValue& v) {
        if (!v.number) return string(v.text);
        // Whole numbers as the engine writes them (no sign but '-', no leading zero, no "-0"):
        // the text is the number value_json would read back.
        const std::string& t = v.text;
        const std::size_t digits0 = !t.empty() && t[0] == '-' ? 1 : 0;
        bool plain = t.size() > digits0 && t.size() - digits0 <= 18 &&
                     (t[digits0] != '0' || (t.size() == 1));
        for (std::size_t i = digits0; plain && i < t.size(); ++i)
            plain = t[i] >= '0' && t[i] <= '9';
        if (plain) {
            out_ += t;
            return;
        }
        out_ += value_json(v).dump();
    }

  private:
    static bool ascii(std::string_view s) {
        for (char c : s)
            if (static_cast<unsigned char>(c) >= 0x80) return false;
        return true;
    }
    void open(char c) {
        out_ += c;
        count_.push_back(0);
    }
    void close(char c) {
        const std::size_t n = count_.back();
        count_.pop_back();
        if (n > 0) {
            out_ += '\n';
            out_.append(count_.size(), ' ');
        }
        out_ += c;
    }
    void next() {
        if (count_.back()++ > 0) out_ += ',';
        out_ += '\n';
        out_.append(count_.size(), ' ');
    }

    TextBuffer out_{64 * 1024};
    std::vector<std::size_t> count_;  // items written so far in each open container
};

// A member with a text value.
void text_member(JsonWriter& w, const char* key, std::string_view text) {
    w.key(key);
    w.string(text);
}

void write_list_item(JsonWriter& w, const DocListItem& item) {
    if (item.style.empty() && item.items.empty()) return w.string(item.text);
    w.begin_object();
    text_member(w, "text", item.text);
    if (!item.style.empty()) {
        text_member(w, "style", item.style);
    }
    if (!item.items.empty()) {
        w.key("items");
        w.begin_array();
        for (const DocListItem& sub : item.items) {
            w.item();
            write_list_item(w, sub);
        }
        w.end_array();
    }
    w.end_object();
}

void write_strings(JsonWriter& w, const std::vector<std::string>& list) {
    w.begin_array();
    for (const std::string& s : list) {
        w.item();
        w.string(s);
    }
    w.end_array();
}

// A member with a text value, left out when the text is empty.
void optional_text(JsonWriter& w, const char* key, const std::string& text) {
    if (!text.empty()) text_member(w, key, text);
}

void write_map(JsonWriter& w, const DocMap& m) {
    text_member(w, "type", "map");
    text_member(w, "geometry", m.geometry == MapGeometry::hex ? "hex" : "grid");
    if (m.odd_columns_lower) text_member(w, "lower_columns", "odd");
    optional_text(w, "title", m.title);
    w.key("layers");
    w.begin_array();
    for (const MapLayer& l : m.layers) {
        w.item();
        w.begin_object();
        text_member(w, "id", l.id);
        optional_text(w, "name", l.name);
        optional_text(w, "fill", l.fill);
        optional_text(w, "ring", l.ring);
        optional_text(w, "line", l.line);
        if (l.dash) {
            w.key("dash");
            w.boolean(true);
        }
        if (l.size != 0) {
            w.key("size");
            w.number(l.size);
        }
        optional_text(w, "glyph", l.glyph);
        w.end_object();
    }
    w.end_array();
    w.key("places");
    w.begin_array();
    for (const MapPlace& p : m.places) {
        w.item();
        w.begin_object();
        text_member(w, "code", p.code);
        optional_text(w, "label", p.label);
        optional_text(w, "title", p.title);
        if (p.parent.empty()) {
            w.key("x");
            w.integer(p.x);
            w.key("y");
            w.integer(p.y);
        } else {
            text_member(w, "parent", p.parent);
        }
        w.key("layers");
        write_strings(w, p.layers);
        if (p.size != 0) {
            w.key("size");
            w.number(p.size);
        }
        optional_text(w, "mark", p.mark);
        if (p.tail) {
            w.key("tail");
            w.boolean(true);
        }
        w.end_object();
    }
    w.end_array();
    w.key("links");
    w.begin_array();
    for (const MapLink& l : m.links) {
        w.item();
        w.begin_object();
        text_member(w, "from", l.from);
        text_member(w, "to", l.to);
        optional_text(w, "layer", l.layer);
        w.end_object();
    }
    w.end_array();
    w.key("legend");
    write_strings(w, m.legend);
}

void write_block(JsonWriter& w, const DocBlock& b) {
    w.begin_object();
    if (const auto* p = std::get_if<DocParagraph>(&b)) {
        text_member(w, "type", "paragraph");
        text_member(w, "text", p->text);
        optional_text(w, "style", p->style);
    } else if (const auto* l = std::get_if<DocList>(&b)) {
        text_member(w, "type", "list");
        if (l->bullets) {
            w.key("bullets");
            w.boolean(true);
        }
        w.key("items");
        w.begin_array();
        for (const DocListItem& item : l->items) {
            w.item();
            write_list_item(w, item);
        }
        w.end_array();
    } else if (const auto* t = std::get_if<DocTable>(&b)) {
        text_member(w, "type", "table");
        w.key("columns");
        w.begin_array();
        for (const DocColumn& c : t->columns) {
            w.item();
            w.begin_object();
            text_member(w, "title", c.title);
            if (c.align == DocAlign::right) {
                text_member(w, "align", "right");
            }
            w.end_object();
        }
        w.end_array();
        w.key("rows");
        w.begin_array();
        for (const auto& row : t->rows) {
            w.item();
            w.begin_array();
            for (const DocValue& v : row) {
                w.item();
                w.value(v);
            }
            w.end_array();
        }
        w.end_array();
        optional_text(w, "empty", t->empty);
    } else if (const auto* kv = std::get_if<DocKeyValues>(&b)) {
        text_member(w, "type", "keyvalue");
        w.key("items");
        w.begin_array();
        for (const DocKeyValue& item : kv->items) {
            w.item();
            w.begin_object();
            text_member(w, "key", item.key);
            w.key("value");
            w.value(item.value);
            w.end_object();
        }
        w.end_array();
    } else if (const auto* pre = std::get_if<DocPre>(&b)) {
        text_member(w, "type", "pre");
        text_member(w, "text", pre->text);
    } else if (const auto* h = std::get_if<DocHeading>(&b)) {
        text_member(w, "type", "heading");
        text_member(w, "text", h->text);
    } else {
        write_map(w, std::get<DocMap>(b));
    }
    w.end_object();
}

}  // namespace

std::string document_json_text(const Document& d) {
    JsonWriter w;
    w.begin_object();
    w.key("format");
    w.integer(kDocumentFormat);
    text_member(w, "kind", d.kind);
    text_member(w, "title", d.title);
    optional_text(w, "subtitle", d.subtitle);
    w.key("sections");
    w.begin_array();
    for (const DocSection& s : d.sections) {
        w.item();
        w.begin_object();
        optional_text(w, "title", s.title);
        optional_text(w, "id", s.id);
        w.key("blocks");
        w.begin_array();
        for (const DocBlock& b : s.blocks) {
            w.item();
            write_block(w, b);
        }
        w.end_array();
        w.end_object();
    }
    w.end_array();
    w.end_object();
    return w.take();
}

}  // namespace hl
