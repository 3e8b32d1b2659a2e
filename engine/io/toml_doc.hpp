#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

#include "core/diagnostics.hpp"

namespace hl {

class TomlView;

// A parsed TOML file that remembers which keys were read, so every unknown key can be
// reported with its place (`file:line:col: error: key.path: unknown key`).
class TomlDoc {
  public:
    // Parses a file of at most kMaxPackFileBytes (io/bounded_read.hpp); on a syntax error, or
    // a file that cannot be read or is longer, records it and leaves the document empty.
    static TomlDoc from_file(const std::filesystem::path& path, const std::string& shown_name,
                             Diagnostics& diags);
    // Parses text held in memory, naming it shown_name in messages.
    static TomlDoc from_text(std::string_view text, const std::string& shown_name,
                             Diagnostics& diags);
    // True if the text parsed.
    bool ok() const { return ok_; }
    // The top-level table.
    TomlView root();
    // Reports every key that was never read (recursively) as an error.
    void report_unknown_keys();
    // The name used in messages.
    const std::string& name() const { return name_; }
    // The place of a node in this file.
    SourcePos pos_of(const toml::node& n) const;
    // Marks a node (and everything under it) as read.
    void mark_all(const toml::node& n);
    // Marks a node as read.
    void mark(const toml::node& n) { seen_.push_back(&n); }
    // The findings list this document reports into.
    Diagnostics& diags() { return *diags_; }

  private:
    void walk_unknown(const toml::table& t, const std::string& path);
    std::string name_;
    toml::table table_;
    bool ok_ = false;
    std::vector<const toml::node*> seen_;  // every node read, sorted before the walk for unknowns
    Diagnostics* diags_ = nullptr;
};

// A table inside a TomlDoc with typed, checked accessors; each read marks the key as known
// and each type or range problem is reported with the key's dotted path.
class TomlView {
  public:
    // A view of table t, reached by the dotted path prefix.
    TomlView(TomlDoc& doc, const toml::table& t, std::string path);
    // True if the key is present (does not mark it read).
    bool has(std::string_view key) const;
    // An integer in [lo, hi]; reports a missing key if required.
    std::optional<std::int64_t> integer(std::string_view key, bool required = false,
                                        std::int64_t lo = INT64_MIN, std::int64_t hi = INT64_MAX);
    // A string; reports a missing key if required.
    std::optional<std::string> string(std::string_view key, bool required = false);
    // A boolean; reports a missing key if required.
    std::optional<bool> boolean(std::string_view key, bool required = false);
    // A number (integer or float).
    std::optional<double> number(std::string_view key, bool required = false);
    // A three-digit system code given as a string, e.g. "042".
    std::optional<int> system_code(std::string_view key, bool required = false);
    // An array of strings.
    std::optional<std::vector<std::string>> string_list(std::string_view key,
                                                        bool required = false);
    // A sub-table.
    std::optional<TomlView> table(std::string_view key, bool required = false);
    // An array of tables (`[[key]]`), each as a view.
    std::vector<TomlView> tables(std::string_view key, bool required = false);
    // Every key of this table in file order, marking none.
    std::vector<std::string> keys() const;
    // The raw node under a key, marking it and everything below it read.
    const toml::node* raw(std::string_view key);
    // Marks every key of this table as read (after reporting why the table is rejected).
    void skip() { doc_->mark_all(*table_); }
    // Dotted path of a key under this table.
    std::string path(std::string_view key) const;
    // Place of a key (or of the table itself when key is empty).
    SourcePos pos(std::string_view key = {}) const;
    // Reports an error about a key: `file:line:col: error: path.key: message`.
    void error(std::string_view key, const std::string& message) const;
    // Reports an error about the table itself.
    void error_here(const std::string& message) const;
    // The document this view belongs to.
    TomlDoc& doc() const { return *doc_; }
    // The underlying table.
    const toml::table& tbl() const { return *table_; }

  private:
    const toml::node* get(std::string_view key, bool required, const char* what);
    TomlDoc* doc_;
    const toml::table* table_;
    std::string path_;
};

// Escapes a string as a TOML basic string, quotes included.
std::string toml_quote(std::string_view s);

}  // namespace hl
