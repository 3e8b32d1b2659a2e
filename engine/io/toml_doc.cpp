#include "io/toml_doc.hpp"

#include <algorithm>
#include <functional>
#include <tuple>

#include <fmt/format.h>

#include "io/bounded_read.hpp"

namespace hl {

namespace {

SourcePos pos_from(const toml::source_position& p, const std::string& file) {
    return SourcePos{file, static_cast<int>(p.line), static_cast<int>(p.column)};
}

const char* type_name(const toml::node& n) {
    switch (n.type()) {
        case toml::node_type::table:
            return "a table";
        case toml::node_type::array:
            return "an array";
        case toml::node_type::string:
            return "a string";
        case toml::node_type::integer:
            return "an integer";
        case toml::node_type::floating_point:
            return "a float";
        case toml::node_type::boolean:
            return "a boolean";
        default:
            return "a date or time";
    }
}

}  // namespace

TomlDoc TomlDoc::from_text(std::string_view text, const std::string& shown_name,
                           Diagnostics& diags) {
    TomlDoc doc;
    doc.name_ = shown_name;
    doc.diags_ = &diags;
    try {
        doc.table_ = toml::parse(text, shown_name);
        doc.ok_ = true;
    } catch (const toml::parse_error& err) {
        diags.error(pos_from(err.source().begin, shown_name),
                    fmt::format("invalid TOML: {}", err.description()));
    }
    return doc;
}

TomlDoc TomlDoc::from_file(const std::filesystem::path& path, const std::string& shown_name,
                           Diagnostics& diags) {
    ReadOutcome read = read_limited(path, kMaxPackFileBytes, "TOML file");
    if (!read.text) {
        diags.error({shown_name, 0, 0}, read.too_large ? read.problem : "cannot open file");
        TomlDoc doc;
        doc.name_ = shown_name;
        doc.diags_ = &diags;
        return doc;
    }
    return from_text(*read.text, shown_name, diags);
}

TomlView TomlDoc::root() {
    return TomlView(*this, table_, "");
}

SourcePos TomlDoc::pos_of(const toml::node& n) const {
    return pos_from(n.source().begin, name_);
}

void TomlDoc::mark_all(const toml::node& n) {
    seen_.push_back(&n);
    if (auto* t = n.as_table()) {
        for (auto&& [k, v] : *t)
            mark_all(v);
    } else if (auto* a = n.as_array()) {
        for (auto&& v : *a)
            mark_all(v);
    }
}

void TomlDoc::report_unknown_keys() {
    if (!ok_) return;
    Diagnostics* real = diags_;
    Diagnostics found;
    diags_ = &found;
    std::sort(seen_.begin(), seen_.end(), std::less<const toml::node*>());
    walk_unknown(table_, "");
    diags_ = real;
    std::vector<Diagnostic> items = found.all();
    std::stable_sort(items.begin(), items.end(), [](const Diagnostic& a, const Diagnostic& b) {
        return std::tie(a.where.line, a.where.col) < std::tie(b.where.line, b.where.col);
    });
    for (auto& d : items)
        diags_->add(std::move(d));
}

void TomlDoc::walk_unknown(const toml::table& t, const std::string& path) {
    // A key's path is made only for an error or for the tables under it.
    auto path_of = [&](const toml::key& k) {
        return path.empty() ? std::string(k.str()) : path + "." + std::string(k.str());
    };
    for (auto&& [k, v] : t) {
        if (!std::binary_search(seen_.begin(), seen_.end(), &v, std::less<const toml::node*>())) {
            diags_->error(pos_from(k.source().begin, name_),
                          fmt::format("{}: unknown key", path_of(k)));
            continue;
        }
        if (auto* sub = v.as_table()) {
            walk_unknown(*sub, path_of(k));
        } else if (auto* arr = v.as_array()) {
            std::string p;
            for (std::size_t i = 0; i < arr->size(); ++i) {
                auto* et = (*arr)[i].as_table();
                if (!et) continue;
                if (p.empty()) p = path_of(k);
                walk_unknown(*et, fmt::format("{}[{}]", p, i));
            }
        }
    }
}

TomlView::TomlView(TomlDoc& doc, const toml::table& t, std::string path)
    : doc_(&doc), table_(&t), path_(std::move(path)) {}

bool TomlView::has(std::string_view key) const {
    return table_->contains(key);
}

std::string TomlView::path(std::string_view key) const {
    if (path_.empty()) return std::string(key);
    if (key.empty()) return path_;
    return path_ + "." + std::string(key);
}

SourcePos TomlView::pos(std::string_view key) const {
    if (!key.empty()) {
        if (auto* n = table_->get(key)) return doc_->pos_of(*n);
    }
    return doc_->pos_of(*table_);
}

void TomlView::error(std::string_view key, const std::string& message) const {
    doc_->diags().error(pos(key), fmt::format("{}: {}", path(key), message));
}

void TomlView::error_here(const std::string& message) const {
    doc_->diags().error(pos(), path_.empty() ? message : fmt::format("{}: {}", path_, message));
}

const toml::node* TomlView::get(std::string_view key, bool required, const char* what) {
    const toml::node* n = table_->get(key);
    if (!n) {
        if (required)
            doc_->diags().error(pos(), fmt::format("{}: missing {} (required)", path(key), what));
        return nullptr;
    }
    doc_->mark(*n);
    return n;
}

std::optional<std::int64_t> TomlView::integer(std::string_view key, bool required, std::int64_t lo,
                                              std::int64_t hi) {
    const toml::node* n = get(key, required, "integer");
    if (!n) return std::nullopt;
    auto v = n->value_exact<std::int64_t>();
    if (!v) {
        error(key, fmt::format("expected an integer, found {}", type_name(*n)));
        return std::nullopt;
    }
    if (*v < lo || *v > hi) {
        if (hi == INT64_MAX)
            error(key, fmt::format("{} is out of range (at least {})", *v, lo));
        else
            error(key, fmt::format("{} is out of range ({}..{})", *v, lo, hi));
        return std::nullopt;
    }
    return v;
}

std::optional<std::string> TomlView::string(std::string_view key, bool required) {
    const toml::node* n = get(key, required, "string");
    if (!n) return std::nullopt;
    auto v = n->value_exact<std::string>();
    if (!v) {
        error(key, fmt::format("expected a string, found {}", type_name(*n)));
        return std::nullopt;
    }
    return v;
}

std::optional<bool> TomlView::boolean(std::string_view key, bool required) {
    const toml::node* n = get(key, required, "boolean");
    if (!n) return std::nullopt;
    auto v = n->value_exact<bool>();
    if (!v) {
        error(key, fmt::format("expected true or false, found {}", type_name(*n)));
        return std::nullopt;
    }
    return v;
}

std::optional<double> TomlView::number(std::string_view key, bool required) {
    const toml::node* n = get(key, required, "number");
    if (!n) return std::nullopt;
    if (auto i = n->value_exact<std::int64_t>()) return static_cast<double>(*i);
    if (auto d = n->value_exact<double>()) return *d;
    error(key, fmt::format("expected a number, found {}", type_name(*n)));
    return std::nullopt;
}

std::optional<int> TomlView::system_code(std::string_view key, bool required) {
    const toml::node* n = get(key, required, "system code");
    if (!n) return std::nullopt;
    auto v = n->value_exact<std::string>();
    if (!v) {
        error(key,
              fmt::format("expected a three-digit system code in quotes, found {}", type_name(*n)));
        return std::nullopt;
    }
    if (v->size() != 3 ||
        !std::all_of(v->begin(), v->end(), [](char c) { return c >= '0' && c <= '9'; })) {
        error(key, fmt::format("\"{}\" is not a three-digit system code", *v));
        return std::nullopt;
    }
    return std::stoi(*v);
}

std::optional<std::vector<std::string>> TomlView::string_list(std::string_view key, bool required) {
    const toml::node* n = get(key, required, "array of strings");
    if (!n) return std::nullopt;
    const toml::array* arr = n->as_array();
    if (!arr) {
        error(key, fmt::format("expected an array of strings, found {}", type_name(*n)));
        return std::nullopt;
    }
    std::vector<std::string> out;
    bool ok = true;
    for (std::size_t i = 0; i < arr->size(); ++i) {
        auto s = (*arr)[i].value_exact<std::string>();
        if (!s) {
            doc_->diags().error(doc_->pos_of((*arr)[i]),
                                fmt::format("{}[{}]: expected a string, found {}", path(key), i,
                                            type_name((*arr)[i])));
            ok = false;
            continue;
        }
        out.push_back(*s);
    }
    if (!ok) return std::nullopt;
    return out;
}

std::optional<TomlView> TomlView::table(std::string_view key, bool required) {
    const toml::node* n = get(key, required, "table");
    if (!n) return std::nullopt;
    const toml::table* t = n->as_table();
    if (!t) {
        error(key, fmt::format("expected a table, found {}", type_name(*n)));
        return std::nullopt;
    }
    return TomlView(*doc_, *t, path(key));
}

std::vector<TomlView> TomlView::tables(std::string_view key, bool required) {
    std::vector<TomlView> out;
    const toml::node* n = get(key, required, "array of tables");
    if (!n) return out;
    const toml::array* arr = n->as_array();
    if (!arr) {
        error(key,
              fmt::format("expected an array of tables ([[{}]]), found {}", key, type_name(*n)));
        return out;
    }
    for (std::size_t i = 0; i < arr->size(); ++i) {
        const toml::table* t = (*arr)[i].as_table();
        if (!t) {
            doc_->diags().error(doc_->pos_of((*arr)[i]),
                                fmt::format("{}[{}]: expected a table, found {}", path(key), i,
                                            type_name((*arr)[i])));
            continue;
        }
        doc_->mark(*t);
        out.emplace_back(*doc_, *t, fmt::format("{}[{}]", path(key), i));
    }
    return out;
}

std::vector<std::string> TomlView::keys() const {
    std::vector<std::pair<std::pair<int, int>, std::string>> found;
    for (auto&& [k, v] : *table_)
        found.push_back(
            {{static_cast<int>(k.source().begin.line), static_cast<int>(k.source().begin.column)},
             std::string(k.str())});
    std::sort(found.begin(), found.end());
    std::vector<std::string> out;
    for (auto& f : found)
        out.push_back(std::move(f.second));
    return out;
}

const toml::node* TomlView::raw(std::string_view key) {
    const toml::node* n = table_->get(key);
    if (n) doc_->mark_all(*n);
    return n;
}

std::string toml_quote(std::string_view s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\t':
                out += "\\t";
                break;
            case '\r':
                out += "\\r";
                break;
            default:
                if (c < 0x20 || c == 0x7f)
                    out += fmt::format("\\u{:04X}", static_cast<unsigned>(c));
                else
                    out += static_cast<char>(c);
        }
    }
    out += '"';
    return out;
}

}  // namespace hl
