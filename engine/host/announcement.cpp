#include "host/announcement.hpp"

#include <fmt/format.h>

#include "core/utf8.hpp"
#include "game/gm_messages.hpp"
#include "io/atomic_file.hpp"
#include "io/toml_doc.hpp"

namespace fs = std::filesystem;

namespace hl {

namespace {

// The number and lines of the file (lines empty: removed); {0, {}} without a file.
Announcement read_file_entry(const GameDir& dir) {
    fs::path file = announcement_file(dir);
    std::error_code ec;
    if (!fs::exists(file, ec)) return {};
    Diagnostics diags;
    Announcement a;
    TomlDoc doc = TomlDoc::from_file(file, file.generic_string(), diags);
    if (doc.ok()) {
        TomlView root = doc.root();
        if (auto n = root.integer("number", true, 1, 1000000)) a.number = static_cast<int>(*n);
        if (auto list = root.string_list("lines", true)) {
            for (const std::string& l : *list) {
                if (!l.empty())
                    if (std::string why = check_gm_message(l); !why.empty())
                        root.error("lines", fmt::format("line {}: {}", a.lines.size() + 1, why));
                a.lines.push_back(l);
            }
            if (a.lines.size() > kAnnouncementMaxLines)
                root.error("lines", fmt::format("at most {} lines", kAnnouncementMaxLines));
        }
        doc.report_unknown_keys();
    }
    if (diags.has_errors()) throw InputError(diags);
    return a;
}

void write_entry(const GameDir& dir, const Announcement& a) {
    std::string o =
        "# The GM's announcement to every player (`hyperlane gm --announce`), mailed by\n"
        "# mail-out and shown on the web; no lines: removed.\n";
    o += fmt::format("number = {}\nlines = [\n", a.number);
    for (const std::string& l : a.lines)
        o += "    " + toml_quote(l) + ",\n";
    o += "]\n";
    write_file_atomic_below(dir.dir(), announcement_file(dir), o);
    sync_dir(dir.dir());
}

}  // namespace

fs::path announcement_file(const GameDir& dir) {
    return dir.dir() / "announcement.toml";
}

std::optional<Announcement> read_announcement(const GameDir& dir) {
    Announcement a = read_file_entry(dir);
    if (a.lines.empty()) return std::nullopt;
    return a;
}

std::vector<std::string> parse_announcement(std::string_view text, const std::string& shown) {
    if (utf8_error(text)) throw InputError({shown, 0, 0}, "not valid UTF-8 text");
    std::vector<std::string> lines;
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t end = text.find('\n', at);
        if (end == std::string_view::npos) end = text.size();
        std::string line(text.substr(at, end - at));
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(line);
        at = end + 1;
    }
    while (!lines.empty() && lines.back().find_first_not_of(' ') == std::string::npos)
        lines.pop_back();
    if (lines.empty()) throw InputError({shown, 0, 0}, "the announcement is empty");
    if (lines.size() > kAnnouncementMaxLines)
        throw InputError(
            {shown, static_cast<int>(kAnnouncementMaxLines) + 1, 1},
            fmt::format("an announcement has at most {} lines", kAnnouncementMaxLines));
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].find_first_not_of(' ') == std::string::npos) {
            lines[i].clear();  // a blank line between paragraphs
            continue;
        }
        if (std::string why = check_gm_message(lines[i]); !why.empty())
            throw InputError({shown, static_cast<int>(i) + 1, 1},
                             fmt::format("{} (nothing was written)", why));
    }
    return lines;
}

Announcement set_announcement(const GameDir& dir, const std::vector<std::string>& lines) {
    Announcement a{read_file_entry(dir).number + 1, lines};
    write_entry(dir, a);
    return a;
}

bool remove_announcement(const GameDir& dir) {
    Announcement a = read_file_entry(dir);
    if (a.lines.empty()) return false;
    a.lines.clear();
    write_entry(dir, a);
    return true;
}

}  // namespace hl
