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

DocumentError::DocumentError(const std::string& path, const std::string& message)
    : std::runtime_error(path.empty() ? message : path + ": " + message) {}

namespace {

// Reads one JSON value at a key path, naming the path in every error. The path is kept as a
// link to the reader of the enclosing value and formatted only for an error; a reader must not
// outlive the one it was made from.
class Reader {
  public:
    explicit Reader(const json& j) : j_(j) {}

    [[noreturn]] void fail(const std::string& message) const {
        throw DocumentError(path(), message);
    }
    const json& value() const { return j_; }
    // The key path, e.g. "sections[2].blocks[0]".
    std::string path() const {
        std::string p = parent_ ? parent_->path() : std::string();
        if (key_) p = p.empty() ? std::string(key_) : p + "." + key_;
        if (index_ != kNoIndex) p += fmt::format("[{}]", index_);
        return p;
    }

    // Refuses keys other than the allowed ones; the value must be an object.
    void object(std::initializer_list<const char*> allowed) const {
        if (!j_.is_object()) fail(fmt::format("expected a table, found {}", j_.type_name()));
        for (const auto& [k, v] : j_.items()) {
            bool ok = false;
            for (const char* a : allowed)
                ok = ok || k == a;
            if (!ok) fail(fmt::format("unknown key '{}'", k));
        }
    }
    bool has(const char* key) const { return j_.contains(key); }
    Reader at(const char* key) const { return Reader(j_.at(key), this, key, kNoIndex); }

    // The items of a list (an empty object counts as an empty list).
    std::vector<Reader> list() const { return items(j_, nullptr); }
    std::vector<Reader> list(const char* key) const {
        return has(key) ? items(j_.at(key), key) : std::vector<Reader>{};
    }

    std::string text() const {
        if (!j_.is_string()) fail(fmt::format("expected text, found {}", j_.type_name()));
        const std::string& s = j_.get_ref<const std::string&>();
        if (utf8_error(s)) fail("text is not valid UTF-8");
        return s;
    }
    std::string text(const char* key, bool required = false) const {
        if (!has(key)) {
            if (required) fail(fmt::format("'{}' is missing", key));
            return {};
        }
        return at(key).text();
    }
    bool flag(const char* key) const {
        if (!has(key)) return false;
        if (!j_.at(key).is_boolean()) at(key).fail("expected true or false");
        return j_.at(key).get<bool>();
    }
    double number(const char* key, double lo, double hi) const {
        if (!has(key)) return 0;
        const json& v = j_.at(key);
        if (!v.is_number()) at(key).fail(fmt::format("expected a number, found {}", v.type_name()));
        double d = v.get<double>();
        if (!(d >= lo && d <= hi)) at(key).fail(fmt::format("must be from {} to {}", lo, hi));
        return d;
    }
    int integer(const char* key, bool required) const {
        if (!has(key)) {
            if (required) fail(fmt::format("'{}' is missing", key));
            return 0;
        }
        const json& v = j_.at(key);
        if (!v.is_number_integer())
            at(key).fail(fmt::format("expected a whole number, found {}", v.dump()));
        std::int64_t n = v.get<std::int64_t>();
        if (n < -1'000'000 || n > 1'000'000) at(key).fail("must be within +-1000000");
        return static_cast<int>(n);
    }

    // A cell or a value: text or a number.
    DocValue doc_value() const {
        if (j_.is_string()) return DocValue{text(), false};
        if (j_.is_number_integer()) return DocValue{std::to_string(j_.get<std::int64_t>()), true};
        if (j_.is_number()) {
            double d = j_.get<double>();
            if (!std::isfinite(d)) fail("numbers must be finite");
            return DocValue{fmt::format("{}", d), true};
        }
        fail(fmt::format("expected text or a number, found {}", j_.type_name()));
    }

  private:
    static constexpr std::size_t kNoIndex = static_cast<std::size_t>(-1);

    Reader(const json& j, const Reader* parent, const char* key, std::size_t index)
        : j_(j), parent_(parent), key_(key), index_(index) {}

    // The items of `list`, the value of this reader's `key` (or of this reader if null).
    std::vector<Reader> items(const json& list, const char* key) const {
        std::vector<Reader> out;
        if (list.is_object() && list.empty()) return out;
        if (!list.is_array()) {
            Reader here = key ? at(key) : *this;
            here.fail(fmt::format("expected a list, found {}", list.type_name()));
        }
        out.reserve(list.size());
        for (std::size_t i = 0; i < list.size(); ++i)
            out.push_back(Reader(list[i], this, key, i));
        return out;
    }

    const json& j_;
    const Reader* parent_ = nullptr;  // the reader of the enclosing value
    const char* key_ = nullptr;       // the key of this value in it, if any
    std::size_t index_ = kNoIndex;    // then its position in a list, if any
};

// A word for ids, styles and layer names in the document: letters, digits, '_' and '-'.
void check_word(const Reader& r, const std::string& w, bool allow_empty) {
    if (w.empty() && !allow_empty) r.fail("must not be empty");
    for (char c : w)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-')
            r.fail(fmt::format("'{}' must be letters, digits, '_' or '-'", printable(w)));
}

void check_colour(const Reader& r, const std::string& c) {
    bool ok = c.empty() || ((c.size() == 4 || c.size() == 7) && c[0] == '#');
    for (std::size_t i = 1; ok && i < c.size(); ++i)
        ok = std::isxdigit(static_cast<unsigned char>(c[i])) != 0;
    if (!ok) r.fail(fmt::format("'{}' is not a colour (#rgb or #rrggbb)", printable(c)));
}

std::string style_of(const Reader& r) {
    std::string s = r.text("style");
    if (r.has("style")) check_word(r.at("style"), s, true);
    return s;
}

DocListItem list_item(const Reader& r) {
    if (r.value().is_string()) return DocListItem{r.text(), "", {}};
    r.object({"text", "style", "items"});
    DocListItem item{r.text("text", true), style_of(r), {}};
    for (const Reader& sub : r.list("items"))
        item.items.push_back(list_item(sub));
    return item;
}

// Sorts a table's rows by one column (1-based): numbers by value, then texts in byte order;
// rows that tie keep their order.
void sort_rows(const Reader& r, DocTable& t) {
    r.object({"column", "descending"});
    int column = r.integer("column", true);
    if (column < 1 || column > static_cast<int>(t.columns.size()))
        r.at("column").fail(fmt::format("no column {} in a table of {}", column, t.columns.size()));
    const bool descending = r.flag("descending");
    const std::size_t c = static_cast<std::size_t>(column - 1);
    auto key = [c](const std::vector<DocValue>& row) {
        const DocValue& v = row[c];
        return std::make_tuple(!v.number, v.number ? std::stod(v.text) : 0.0, v.text);
    };
    std::stable_sort(t.rows.begin(), t.rows.end(), [&](const auto& a, const auto& b) {
        return descending ? key(b) < key(a) : key(a) < key(b);
    });
}

DocTable table(const Reader& r) {
    r.object({"type", "columns", "rows", "empty", "sort"});
    DocTable t;
    for (const Reader& c : r.list("columns")) {
        c.object({"title", "align"});
        DocColumn col{c.text("title"), DocAlign::left};
        std::string align = c.text("align");
        if (align == "right")
            col.align = DocAlign::right;
        else if (!align.empty() && align != "left")
            c.at("align").fail(fmt::format("'{}': use left or right", printable(align)));
        t.columns.push_back(col);
    }
    if (t.columns.empty()) r.fail("a table needs at least one column");
    for (const Reader& row : r.list("rows")) {
        std::vector<DocValue> cells;
        for (const Reader& c : row.list())
            cells.push_back(c.doc_value());
        if (cells.size() != t.columns.size())
            row.fail(fmt::format("{} cells for {} columns", cells.size(), t.columns.size()));
        t.rows.push_back(std::move(cells));
    }
    t.empty = r.text("empty");
    if (r.has("sort")) sort_rows(r.at("sort"), t);
    return t;
}

DocKeyValues key_values(const Reader& r) {
    r.object({"type", "items"});
    DocKeyValues kv;
    for (const Reader& item : r.list("items")) {
        item.object({"key", "value"});
        if (!item.has("value")) item.fail("'value' is missing");
        kv.items.push_back(DocKeyValue{item.text("key", true), item.at("value").doc_value()});
    }
    return kv;
}

MapLayer map_layer(const Reader& r) {
    r.object({"id", "name", "fill", "ring", "line", "dash", "size", "glyph"});
    MapLayer l;
    l.id = r.text("id", true);
    check_word(r.at("id"), l.id, false);
    l.name = r.text("name");
    l.fill = r.text("fill");
    l.ring = r.text("ring");
    l.line = r.text("line");
    for (const char* k : {"fill", "ring", "line"})
        if (r.has(k)) check_colour(r.at(k), r.text(k));
    l.dash = r.flag("dash");
    l.size = r.number("size", 0, 40);
    l.glyph = r.text("glyph");
    if (!l.glyph.empty() && (l.glyph.size() != 1 || l.glyph[0] <= ' ' || l.glyph[0] > '~'))
        r.at("glyph").fail("a glyph is one printable ASCII character");
    return l;
}

DocMap map_block(const Reader& r) {
    r.object({"type", "geometry", "lower_columns", "title", "layers", "places", "links", "legend"});
    DocMap m;
    std::string geometry = r.text("geometry");
    if (geometry == "hex")
        m.geometry = MapGeometry::hex;
    else if (!geometry.empty() && geometry != "grid")
        r.at("geometry").fail(fmt::format("'{}': use grid or hex", printable(geometry)));
    std::string lower = r.text("lower_columns");
    if (lower == "odd")
        m.odd_columns_lower = true;
    else if (!lower.empty() && lower != "even")
        r.at("lower_columns").fail(fmt::format("'{}': use even or odd", printable(lower)));
    m.title = r.text("title");
    std::set<std::string> layer_ids;
    for (const Reader& l : r.list("layers")) {
        m.layers.push_back(map_layer(l));
        if (!layer_ids.insert(m.layers.back().id).second)
            l.fail(fmt::format("layer '{}' is declared twice", m.layers.back().id));
    }
    auto check_layer = [&](const Reader& at, const std::string& id) {
        if (!layer_ids.count(id)) at.fail(fmt::format("no layer '{}' in this map", printable(id)));
    };
    std::set<std::string> codes;
    std::vector<Reader> place_readers = r.list("places");
    for (const Reader& p : place_readers) {
        p.object({"code", "label", "title", "parent", "x", "y", "layers"});
        MapPlace place;
        place.code = p.text("code", true);
        if (place.code.empty() || has_control_char(place.code)) p.at("code").fail("bad code");
        if (!codes.insert(place.code).second)
            p.fail(fmt::format("place '{}' is listed twice", printable(place.code)));
        place.label = p.text("label");
        place.title = p.text("title");
        place.parent = p.text("parent");
        place.x = p.integer("x", place.parent.empty());
        place.y = p.integer("y", place.parent.empty());
        for (const Reader& l : p.list("layers")) {
            place.layers.push_back(l.text());
            check_layer(l, place.layers.back());
        }
        m.places.push_back(std::move(place));
    }
    for (std::size_t i = 0; i < m.places.size(); ++i) {
        const std::string& parent = m.places[i].parent;
        if (parent.empty()) continue;
        const MapPlace* p = nullptr;
        for (const MapPlace& q : m.places)
            if (q.code == parent) p = &q;
        if (!p)
            place_readers[i].fail(fmt::format("parent '{}' is not on the map", printable(parent)));
        if (!p->parent.empty())
            place_readers[i].fail(fmt::format("parent '{}' lies inside another place", parent));
    }
    for (const Reader& l : r.list("links")) {
        l.object({"from", "to", "layer"});
        MapLink link{l.text("from", true), l.text("to", true), l.text("layer")};
        for (const std::string* end : {&link.from, &link.to})
            if (!codes.count(*end)) l.fail(fmt::format("'{}' is not on the map", printable(*end)));
        if (!link.layer.empty()) check_layer(l.at("layer"), link.layer);
        m.links.push_back(std::move(link));
    }
    for (const Reader& l : r.list("legend")) {
        m.legend.push_back(l.text());
        check_layer(l, m.legend.back());
    }
    return m;
}

DocBlock block(const Reader& r) {
    r.object({"type", "text", "style", "items", "bullets", "columns", "rows", "empty", "sort",
              "geometry", "lower_columns", "title", "layers", "places", "links", "legend"});
    std::string type = r.text("type", true);
    if (type == "paragraph") {
        r.object({"type", "text", "style"});
        return DocParagraph{r.text("text", true), style_of(r)};
    }
    if (type == "list") {
        r.object({"type", "items", "bullets"});
        DocList l;
        for (const Reader& item : r.list("items"))
            l.items.push_back(list_item(item));
        l.bullets = r.flag("bullets");
        return l;
    }
    if (type == "table") return table(r);
    if (type == "keyvalue") return key_values(r);
    if (type == "pre") {
        r.object({"type", "text"});
        return DocPre{r.text("text", true)};
    }
    if (type == "map") return map_block(r);
    if (type == "heading") {
        r.object({"type", "text"});
        return DocHeading{r.text("text", true)};
    }
    r.at("type").fail(
        fmt::format("unknown block type '{}' (paragraph, list, table, keyvalue, pre, map, heading)",
                    printable(type)));
}

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
    Reader r(j);
    r.object({"format", "kind", "title", "subtitle", "sections"});
    if (r.has("format") && r.integer("format", true) != kDocumentFormat)
        r.at("format").fail(
            fmt::format("this engine renders documents of format {}", kDocumentFormat));
    Document d;
    d.kind = r.text("kind");
    d.title = r.text("title", true);
    d.subtitle = r.text("subtitle");
    std::set<std::string> ids;
    for (const Reader& s : r.list("sections")) {
        s.object({"title", "id", "blocks"});
        DocSection sec{s.text("title"), s.text("id"), {}};
        if (s.has("id")) {
            check_word(s.at("id"), sec.id, true);
            if (!sec.id.empty() && !ids.insert(sec.id).second)
                s.at("id").fail(fmt::format("section id '{}' is used twice", sec.id));
        }
        for (const Reader& b : s.list("blocks"))
            sec.blocks.push_back(block(b));
        d.sections.push_back(std::move(sec));
    }
    return d;
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
