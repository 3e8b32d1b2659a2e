#include "host/roster.hpp"

#include <fmt/format.h>

#include "core/utf8.hpp"
#include "io/atomic_file.hpp"
#include "io/toml_doc.hpp"

namespace fs = std::filesystem;

namespace hl {

namespace {

std::string trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return std::string(s);
}

// A code as any pack may write one: 1 to 16 capital letters or digits. Whether the game has
// such an empire is checked against its scenario or state, which know the pack's format.
bool empire_code(std::string_view s) {
    if (s.empty() || s.size() > 16) return false;
    for (char c : s)
        if ((c < 'A' || c > 'Z') && (c < '0' || c > '9')) return false;
    return true;
}

// Reads the [[player]] tables of a roster document into out.
void read_players(TomlView root, bool stored, Roster& out) {
    for (TomlView p : root.tables("player")) {
        RosterEntry e;
        e.where = p.pos();
        e.empire = p.string("empire", true).value_or("");
        e.name = p.string("name", true).value_or("");
        e.email = p.string("email").value_or("");
        if (stored) {
            e.from_turn = static_cast<int>(p.integer("from_turn", true, 1, 100000).value_or(1));
            e.computer = p.boolean("computer").value_or(false);
        }
        if (!e.empire.empty() && !empire_code(e.empire))
            p.error("empire", fmt::format("'{}' is not an empire code (capital letters or digits)",
                                          e.empire));
        if (std::string why = check_player_name(e.name); !why.empty() && p.has("name"))
            p.error("name", why);
        if (!e.email.empty() && !valid_email(e.email))
            p.error("email",
                    fmt::format("'{}' is not a plain mail address (local@domain)", e.email));
        out.entries.push_back(std::move(e));
    }
}

}  // namespace

const RosterEntry* Roster::current(const std::string& empire) const {
    const RosterEntry* found = nullptr;
    for (const RosterEntry& e : entries)
        if (e.empire == empire) found = &e;
    return found;
}

fs::path roster_file(const GameDir& dir) {
    return dir.dir() / "players.toml";
}

Roster read_roster(const GameDir& dir) {
    Roster r;
    fs::path file = roster_file(dir);
    if (!fs::exists(file)) return r;
    Diagnostics diags;
    TomlDoc doc = TomlDoc::from_file(file, file.generic_string(), diags);
    if (doc.ok()) {
        read_players(doc.root(), true, r);
        doc.report_unknown_keys();
    }
    if (diags.has_errors()) throw InputError(diags);
    return r;
}

std::string roster_to_toml(const Roster& roster) {
    std::string o =
        "# Who plays each empire and where their mail goes: the GM's file (it holds e-mail\n"
        "# addresses). The last entry of an empire is in force; hyperlane replace and\n"
        "# hyperlane computer add entries.\n";
    for (const RosterEntry& e : roster.entries) {
        o += "\n[[player]]\n";
        o += fmt::format("empire = {}\n", toml_quote(e.empire));
        o += fmt::format("name = {}\n", toml_quote(e.name));
        o += fmt::format("email = {}\n", toml_quote(e.email));
        o += fmt::format("from_turn = {}\n", e.from_turn);
        if (e.computer) o += "computer = true\n";
    }
    return o;
}

void write_roster(const GameDir& dir, const Roster& roster) {
    write_file_atomic_below(dir.dir(), roster_file(dir), roster_to_toml(roster));
}

Roster parse_roster(std::string_view text, const std::string& shown, Diagnostics& diags) {
    Roster r;
    TomlDoc doc = TomlDoc::from_text(text, shown, diags);
    if (!doc.ok()) return r;
    read_players(doc.root(), false, r);
    doc.report_unknown_keys();
    return r;
}

std::optional<RosterEntry> parse_player_spec(std::string_view spec, const std::string& shown,
                                             Diagnostics& diags) {
    auto eq = spec.find('=');
    std::string code = trim(spec.substr(0, eq == std::string_view::npos ? 0 : eq));
    if (eq == std::string_view::npos || !empire_code(code)) {
        diags.error({shown, 0, 0}, fmt::format("--player '{}': write EMP=NAME <ADDRESS>, e.g. "
                                               "ARC=Alice Smith <alice@example.org>",
                                               std::string(spec)));
        return std::nullopt;
    }
    RosterEntry e;
    e.empire = code;
    e.where = {shown, 0, 0};
    std::string rest = trim(spec.substr(eq + 1));
    auto lt = rest.rfind('<');
    if (lt != std::string::npos && !rest.empty() && rest.back() == '>') {
        e.email = rest.substr(lt + 1, rest.size() - lt - 2);
        rest = trim(rest.substr(0, lt));
    }
    e.name = rest;
    bool ok = true;
    if (std::string why = check_player_name(e.name); !why.empty()) {
        diags.error({shown, 0, 0}, fmt::format("--player {}: name: {}", code, why));
        ok = false;
    }
    if (!e.email.empty() && !valid_email(e.email)) {
        diags.error({shown, 0, 0}, fmt::format("--player {}: '{}' is not a plain mail address "
                                               "(local@domain)",
                                               code, e.email));
        ok = false;
    }
    if (!ok) return std::nullopt;
    return e;
}

bool valid_email(std::string_view s) {
    if (s.size() > 254) return false;
    auto at = s.find('@');
    if (at == 0 || at == std::string_view::npos || at + 1 >= s.size() ||
        s.find('@', at + 1) != std::string_view::npos)
        return false;
    for (char c : s) {
        auto u = static_cast<unsigned char>(c);
        if (u <= ' ' || u >= 0x7F || c == '<' || c == '>' || c == '"' || c == ',' || c == ';' ||
            c == '(' || c == ')' || c == '[' || c == ']' || c == '\\')
            return false;
    }
    std::string_view domain = s.substr(at + 1);
    return domain.front() != '.' && domain.back() != '.';
}

std::string check_player_name(std::string_view s) {
    if (s.empty()) return "a name is needed";
    if (utf8_error(s)) return "the name is not valid UTF-8";
    if (utf8_length(s) > 64) return "a name has at most 64 characters";
    for (char c : s)
        if (static_cast<unsigned char>(c) < ' ' || c == 0x7F)
            return "a name has no control characters or line breaks";
    return "";
}

}  // namespace hl
