#include "report/state_text.hpp"

#include <algorithm>
#include <map>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

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

// The empires' indexes in the order a reader expects: by code, numbers by value (a pack's
// codes may be "1".."14", which sort as text as 1, 10, 11, ..., 2).
std::vector<std::size_t> empires_in_reading_order(const std::vector<Empire>& empires) {
    auto digits = [](const std::string& s) {
        return !s.empty() &&
               std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    std::vector<std::size_t> order(empires.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const std::string& x = empires[a].code;
        const std::string& y = empires[b].code;
        if (digits(x) && digits(y) && x.size() != y.size()) return x.size() < y.size();
        return x < y;
    });
    return order;
}

constexpr std::size_t kWidth = 100;  // the GM's terminal: longer lines are folded

// `head` followed by `body`, folded at ", " outside quotes so that no line passes kWidth where
// a break can be found; continuation lines are indented four spaces more than `head`.
std::string folded(const std::string& head, const std::string& body) {
    const std::size_t indent = head.find_first_not_of(' ');
    const std::string more(indent == std::string::npos ? 4 : indent + 4, ' ');
    std::string out = head;
    std::size_t col = head.size();
    std::size_t start = 0;                 // where the piece not yet written starts in `body`
    std::size_t last = std::string::npos;  // the last ", " seen outside quotes, after start
    bool quoted = false;
    for (std::size_t i = 0; i < body.size(); ++i) {
        // Would body[i] pass the width? Then break at the last ", " before it.
        if (col + (i - start) + 1 > kWidth && last != std::string::npos) {
            out.append(body, start, last + 1 - start);  // up to and with the comma
            out += "\n" + more;
            col = more.size();
            start = last + 2;
            last = std::string::npos;
        }
        const char c = body[i];
        if (quoted && c == '\\') {
            ++i;
        } else if (c == '"') {
            quoted = !quoted;
        } else if (!quoted && c == ',' && i + 1 < body.size() && body[i + 1] == ' ') {
            last = i;
        }
    }
    out.append(body, start, std::string::npos);
    return out + "\n";
}

}  // namespace

std::string render_state_text(const GameState& st, const Pack& pack,
                              const std::vector<std::string>& summary, const StateTextOptions& o) {
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
    std::string kinds;
    for (const KindDef& k : pack.kinds()) {
        auto it = kind_count.find(k.code);
        if (it == kind_count.end()) continue;
        kinds += fmt::format("{}{} {}", kinds.empty() ? "" : ", ", it->second, k.code);
    }
    out += folded(fmt::format("Map: {} places, {} links ", st.galaxy.size(), links / 2),
                  "(" + kinds + ")");
    for (const std::string& line : summary)
        out += line + "\n";
    // Codes only, first to last: "1.1 2.2" read as numbers when a pack's codes are numbers.
    out += folded("Order of play: ", fmt::format("{}", fmt::join(st.order_of_play, ", ")));
    for (std::size_t k = 0; k < s.kinds.size(); ++k)
        if (s.kinds[k].scope == RecordScope::game)
            out += folded(
                s.kinds[k].name + ": ",
                fields_line(st, s.kinds[k], st.records.row_or_initial(static_cast<int>(k), 0)));

    out += "\nEmpires:\n";
    for (std::size_t i : empires_in_reading_order(st.empires)) {
        const Empire& e = st.empires[i];
        out += fmt::format("{} {} ({})\n", e.code, e.name, e.computer ? "computer" : e.player);
        if (o.secrets) out += fmt::format("    secret: {}\n", e.secret);
        for (std::size_t k = 0; k < s.kinds.size(); ++k)
            if (s.kinds[k].scope == RecordScope::empire)
                out += folded("    " + s.kinds[k].name + ": ",
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
                out += folded(fmt::format("  {} {}: ", kind.key, who), fields_line(st, kind, row));
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
