#include "host/deadlines.hpp"

#include <fmt/format.h>

#include "io/atomic_file.hpp"
#include "io/toml_doc.hpp"

namespace fs = std::filesystem;

namespace hl {

std::optional<UnixTime> Deadlines::for_turn(int turn) const {
    auto it = due.upper_bound(turn);
    if (it == due.begin()) return std::nullopt;
    --it;
    if (it->first == turn) return it->second;
    if (!every) return std::nullopt;
    return it->second + static_cast<std::int64_t>(turn - it->first) * *every;
}

fs::path deadlines_file(const GameDir& dir) {
    return dir.dir() / "deadlines.toml";
}

Deadlines read_deadlines(const GameDir& dir) {
    Deadlines d;
    fs::path file = deadlines_file(dir);
    if (!fs::exists(file)) return d;
    Diagnostics diags;
    TomlDoc doc = TomlDoc::from_file(file, file.generic_string(), diags);
    if (doc.ok()) {
        TomlView root = doc.root();
        if (auto e = root.string("every")) {
            if (auto s = parse_duration(*e); s && *s > 0)
                d.every = *s;
            else
                root.error("every", fmt::format("'{}' is not a duration such as 7d or 36h", *e));
        }
        if (auto early = root.boolean("run_early")) d.run_early = *early;
        for (TomlView t : root.tables("deadline")) {
            auto turn = t.integer("turn", true, 1, 100000);
            auto at = t.string("due", true);
            if (!turn || !at) continue;
            auto when = parse_time(*at);
            if (!when)
                t.error("due", fmt::format("'{}' is not a time such as 2026-12-01 18:00 UTC", *at));
            else
                d.due[static_cast<int>(*turn)] = *when;
        }
        doc.report_unknown_keys();
    }
    if (diags.has_errors()) throw InputError(diags);
    return d;
}

std::string deadlines_to_toml(const Deadlines& d) {
    std::string o = "# When turnsheets are due (UTC). `hyperlane deadline` changes this file.\n";
    if (d.every)
        o += fmt::format(
            "# A turn without its own deadline is due this long after the one before.\n"
            "every = {}\n",
            toml_quote(format_duration(*d.every)));
    if (d.run_early)
        o += "# `hyperlane host` runs a turn as soon as every player's orders are in.\n"
             "run_early = true\n";
    for (const auto& [turn, when] : d.due)
        o += fmt::format("\n[[deadline]]\nturn = {}\ndue = {}\n", turn,
                         toml_quote(format_time(when)));
    return o;
}

void write_deadlines(const GameDir& dir, const Deadlines& d) {
    write_file_atomic_below(dir.dir(), deadlines_file(dir), deadlines_to_toml(d));
}

}  // namespace hl
