#include "report/document_read.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <initializer_list>
#include <set>
#include <string_view>
#include <tuple>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/utf8.hpp"

namespace hl {

DocumentError::DocumentError(const std::string& path, const std::string& message)
    : std::runtime_error(path.empty() ? message : path + ": " + message) {}

namespace {

using Id = ValueTree::Id;

// Reads one value of the tree at a key path, naming the path in every error. The path is kept
// as a link to the reader of the enclosing value and formatted only for an error; a reader must
// not outlive the one it was made from.
class Reader {
  public:
    explicit Reader(const ValueTree& t) : t_(t), v_(ValueTree::kRoot) {}

    [[noreturn]] void fail(const std::string& message) const {
        throw DocumentError(path(), message);
    }
    bool is_text() const { return t_.kind(v_) == ValueTree::Kind::text; }
    // The key path, e.g. "sections[2].blocks[0]".
    std::string path() const {
        std::string p = parent_ ? parent_->path() : std::string();
        if (key_) p = p.empty() ? std::string(key_) : p + "." + key_;
        if (index_ != kNoIndex) p += fmt::format("[{}]", index_);
        return p;
    }

    // Refuses keys other than the allowed ones; the value must be a table.
    void object(std::initializer_list<const char*> allowed) const {
        if (t_.kind(v_) != ValueTree::Kind::table)
            fail(fmt::format("expected a table, found {}", t_.type_name(v_)));
        for (std::size_t i = 0, n = t_.size(v_); i < n; ++i) {
            const std::string_view k = t_.key(v_, i);
            bool ok = false;
            for (const char* a : allowed)
                ok = ok || k == a;
            if (!ok) fail(fmt::format("unknown key '{}'", k));
        }
    }
    bool has(const char* key) const { return t_.find(v_, key) != ValueTree::kNone; }
    Reader at(const char* key) const {
        const Id v = t_.find(v_, key);
        if (v == ValueTree::kNone) fail(fmt::format("'{}' is missing", key));
        return Reader(t_, v, this, key, kNoIndex);
    }

    // The items of a list (an empty table counts as an empty list).
    std::vector<Reader> list() const { return items(v_, nullptr); }
    std::vector<Reader> list(const char* key) const {
        const Id v = t_.find(v_, key);
        return v != ValueTree::kNone ? items(v, key) : std::vector<Reader>{};
    }

    std::string text() const {
        if (t_.kind(v_) != ValueTree::Kind::text)
            fail(fmt::format("expected text, found {}", t_.type_name(v_)));
        const std::string_view s = t_.text(v_);
        if (utf8_error(s)) fail("text is not valid UTF-8");
        return std::string(s);
    }
    std::string text(const char* key, bool required = false) const {
        if (!has(key)) {
            if (required) fail(fmt::format("'{}' is missing", key));
            return {};
        }
        return at(key).text();
    }
    bool flag(const char* key) const {
        const Id v = t_.find(v_, key);
        if (v == ValueTree::kNone) return false;
        if (t_.kind(v) != ValueTree::Kind::boolean) at(key).fail("expected true or false");
        return t_.flag(v);
    }
    double number(const char* key, double lo, double hi) const {
        const Id v = t_.find(v_, key);
        if (v == ValueTree::kNone) return 0;
        if (!is_number(v))
            at(key).fail(fmt::format("expected a number, found {}", t_.type_name(v)));
        double d = t_.number(v);
        if (!(d >= lo && d <= hi)) at(key).fail(fmt::format("must be from {} to {}", lo, hi));
        return d;
    }
    int integer(const char* key, bool required) const {
        const Id v = t_.find(v_, key);
        if (v == ValueTree::kNone) {
            if (required) fail(fmt::format("'{}' is missing", key));
            return 0;
        }
        if (t_.kind(v) != ValueTree::Kind::integer)
            at(key).fail(fmt::format("expected a whole number, found {}", shown(v)));
        std::int64_t n = t_.whole(v);
        if (n < -1'000'000 || n > 1'000'000) at(key).fail("must be within +-1000000");
        return static_cast<int>(n);
    }

    // A cell or a value: text or a number.
    DocValue doc_value() const {
        switch (t_.kind(v_)) {
            case ValueTree::Kind::text:
                return DocValue{text(), false};
            case ValueTree::Kind::integer:
                return DocValue{std::to_string(t_.whole(v_)), true};
            case ValueTree::Kind::number: {
                double d = t_.number(v_);
                if (!std::isfinite(d)) fail("numbers must be finite");
                return DocValue{fmt::format("{}", d), true};
            }
            default:
                break;
        }
        fail(fmt::format("expected text or a number, found {}", t_.type_name(v_)));
    }

  private:
    static constexpr std::size_t kNoIndex = static_cast<std::size_t>(-1);

    Reader(const ValueTree& t, Id v, const Reader* parent, const char* key, std::size_t index)
        : t_(t), v_(v), parent_(parent), key_(key), index_(index) {}

    bool is_number(Id v) const {
        return t_.kind(v) == ValueTree::Kind::integer || t_.kind(v) == ValueTree::Kind::number;
    }
    // A value as an error shows it: as JSON writes it (text that is not UTF-8 byte by byte).
    std::string shown(Id v) const {
        try {
            return json_of(v).dump();
        } catch (const nlohmann::json::exception&) {
            if (t_.kind(v) == ValueTree::Kind::text) return "\"" + printable(t_.text(v)) + "\"";
            return t_.type_name(v);
        }
    }
    nlohmann::ordered_json json_of(Id v) const {
        switch (t_.kind(v)) {
            case ValueTree::Kind::boolean:
                return t_.flag(v);
            case ValueTree::Kind::integer:
                return t_.whole(v);
            case ValueTree::Kind::number:
                return t_.number(v);
            case ValueTree::Kind::text:
                return std::string(t_.text(v));
            case ValueTree::Kind::list: {
                nlohmann::ordered_json a = nlohmann::ordered_json::array();
                for (std::size_t i = 0; i < t_.size(v); ++i)
                    a.push_back(json_of(t_.item(v, i)));
                return a;
            }
            case ValueTree::Kind::table: {
                nlohmann::ordered_json o = nlohmann::ordered_json::object();
                for (std::size_t i = 0; i < t_.size(v); ++i)
                    o[std::string(t_.key(v, i))] = json_of(t_.item(v, i));
                return o;
            }
            default:
                return nullptr;
        }
    }

    // The items of `list`, the value of this reader's `key` (or of this reader if null).
    std::vector<Reader> items(Id list, const char* key) const {
        std::vector<Reader> out;
        const ValueTree::Kind k = t_.kind(list);
        if (k == ValueTree::Kind::table && t_.size(list) == 0) return out;
        if (k != ValueTree::Kind::list) {
            Reader here = key ? at(key) : *this;
            here.fail(fmt::format("expected a list, found {}", t_.type_name(list)));
        }
        const std::size_t n = t_.size(list);
        out.reserve(n);
        for (std::size_t i = 0; i < n; ++i)
            out.push_back(Reader(t_, t_.item(list, i), this, key, i));
        return out;
    }

    const ValueTree& t_;
    Id v_;
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
    if (r.is_text()) return DocListItem{r.text(), "", {}};
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
        p.object({"code", "label", "title", "parent", "x", "y", "layers", "size", "mark", "tail"});
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
        place.size = p.number("size", 0, 40);
        place.mark = p.text("mark");
        if (!place.mark.empty() && place.mark != "ne" && place.mark != "se" && place.mark != "sw" &&
            place.mark != "nw")
            p.at("mark").fail(fmt::format("'{}': use ne, se, sw or nw", printable(place.mark)));
        place.tail = p.flag("tail");
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

}  // namespace

Document document_from_tree(const ValueTree& tree) {
    if (tree.empty()) throw DocumentError("", "no document");
    Reader r(tree);
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

}  // namespace hl
