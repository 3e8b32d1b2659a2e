#include "report/state_text.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "io/value_toml.hpp"
#include "pack/pack.hpp"

namespace hl {

namespace {

// A record's fields on one line, `name = value`, leaving out absent and empty values.
std::string fields_line(const GameState& st, const RecordKind& k, const Row& row) {
    std::string out;
    for (std::size_t i = 0; i < k.fields.size(); ++i) {
        const Value& v = row[i];
        if (const auto* n = std::get_if<std::int64_t>(&v); n && *n == kNone) continue;
        if (const auto* t = std::get_if<std::string>(&v); t && t->empty()) continue;
        std::string text = value_to_toml(v, k.fields[i], st.schema().map.codes);
        if (text == "[]" || text == "{}") continue;
        out += fmt::format("{}{} = {}", out.empty() ? "" : ", ", k.fields[i].name, text);
    }
    return out.empty() ? "(nothing)" : out;
}

}  // namespace

std::string render_state_text(const GameState& st, const Pack& pack,
                              const std::vector<std::string>& summary,
                              const StateTextOptions& o) {
    const Schema& s = st.schema();
    std::string out;
    std::map<std::string, int> kind_count;
    std::size_t links = 0;
    for (const auto& [code, p] : st.galaxy.places()) {
        kind_count[p.kind]++;
        links += p.links.size();
    }
    out += fmt::format("Turn {} of a {} {} game (seed {})\n", st.turn, pack.top().name,
                       st.pack_version, st.seed);
    out += fmt::format("Map: {} places, {} links (", st.galaxy.size(), links / 2);
    bool first = true;
    for (const KindDef& k : pack.kinds()) {
        auto it = kind_count.find(k.code);
        if (it == kind_count.end()) continue;
        out += fmt::format("{}{} {}", first ? "" : ", ", it->second, k.code);
        first = false;
    }
    out += ")\n";
    for (const std::string& line : summary)
        out += line + "\n";
    out += "Order of play:";
    for (std::size_t i = 0; i < st.order_of_play.size(); ++i)
        out += fmt::format(" {}.{}", i + 1, st.order_of_play[i]);
    out += "\n";
    for (std::size_t k = 0; k < s.kinds.size(); ++k)
        if (s.kinds[k].scope == RecordScope::game)
            out += fmt::format("{}: {}\n", s.kinds[k].name,
                               fields_line(st, s.kinds[k],
                                           st.records.row_or_initial(static_cast<int>(k), 0)));

    out += "\nEmpires:\n";
    for (std::size_t i = 0; i < st.empires.size(); ++i) {
        const Empire& e = st.empires[i];
        out += fmt::format("{} {} ({})\n", e.code, e.name, e.computer ? "computer" : e.player);
        if (o.secrets) out += fmt::format("    secret: {}\n", e.secret);
        for (std::size_t k = 0; k < s.kinds.size(); ++k)
            if (s.kinds[k].scope == RecordScope::empire)
                out += fmt::format(
                    "    {}: {}\n", s.kinds[k].name,
                    fields_line(st, s.kinds[k],
                                st.records.row_or_initial(static_cast<int>(k),
                                                          static_cast<std::int64_t>(i))));
    }

    if (o.records) {
        for (std::size_t k = 0; k < s.kinds.size(); ++k) {
            const RecordKind& kind = s.kinds[k];
            if (kind.scope == RecordScope::game || kind.scope == RecordScope::empire) continue;
            const auto& rows = st.records.rows(static_cast<int>(k));
            out += fmt::format("\nRecords of {} ({}):\n", kind.name, rows.size());
            for (const auto& [key, row] : rows) {
                std::string who = kind.scope == RecordScope::place
                                      ? st.galaxy.code_str(static_cast<PlaceCode>(key))
                                      : std::to_string(key);
                out += fmt::format("  {} {}: {}\n", kind.key, who, fields_line(st, kind, row));
            }
        }
    }
    if (o.map) {
        out += "\nMap:\n";
        for (const auto& [code, p] : st.galaxy.places()) {
            out += fmt::format("  {} {:<12} ({:>3},{:>3})", st.galaxy.code_str(code), p.kind,
                               p.pos.x, p.pos.y);
            if (p.parent) out += fmt::format(" in {}", st.galaxy.code_str(*p.parent));
            out += " links:";
            for (PlaceCode l : p.links)
                out += " " + st.galaxy.code_str(l);
            out += "\n";
        }
    }
    return out;
}

}  // namespace hl
