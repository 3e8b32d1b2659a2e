#include "report/standings_line.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace hl {

namespace {

struct Standing {
    const Empire* empire;
    std::int64_t vps = 0;
    std::int64_t systems = 0;
    std::int64_t cruisers = 0;
    std::int64_t fighters = 0;
};

}  // namespace

std::string render_standings_line(const GameState& st) {
    std::vector<Standing> rows;
    std::int64_t cruisers = 0, fighters = 0;
    // Systems and fleets for packs that keep them as holdings; victory points for every pack.
    const bool holdings = st.has_field("holding", "owner") && st.has_field("holding", "cruisers") &&
                          st.has_field("holding", "fighters");
    const FieldRef owner = holdings ? st.field("holding", "owner") : FieldRef{};
    const FieldRef crs = holdings ? st.field("holding", "cruisers") : FieldRef{};
    const FieldRef ftr = holdings ? st.field("holding", "fighters") : FieldRef{};
    for (const Empire& e : st.empires) {
        Standing s{&e, st.empire_int(e.code, "vps")};
        for (std::int64_t c : holdings ? st.find(owner, e.code) : std::vector<std::int64_t>{}) {
            ++s.systems;
            s.cruisers += st.integer(crs, c);
            s.fighters += st.integer(ftr, c);
        }
        cruisers += s.cruisers;
        fighters += s.fighters;
        if (!st.empire_int(e.code, "eliminated")) rows.push_back(s);
    }
    std::stable_sort(rows.begin(), rows.end(),
                     [](const Standing& a, const Standing& b) { return a.vps > b.vps; });
    std::string out = fmt::format("Turn {:>2}:", st.turn);
    if (rows.empty()) return out + " no empire left";
    const Standing& lead = rows.front();
    bool tied = rows.size() > 1 && rows[1].vps == lead.vps;
    if (!holdings) {
        out += fmt::format(" {} {} with {} VPs", lead.empire->code,
                           tied ? "shares the lead" : "leads", lead.vps);
        for (std::size_t i = 1; i < rows.size() && i < 3; ++i)
            out += fmt::format("{} {} {} VPs", i == 1 ? "; then" : ",", rows[i].empire->code,
                               rows[i].vps);
        if (st.game_int("ended_turn") > 0)
            out += fmt::format("; {} won ({})", st.game_text("winner"), st.game_text("condition"));
        return out + "\n";
    }
    out += fmt::format(" {} {} with {} VPs, {} systems, {} cruisers, {} fighters",
                       lead.empire->code, tied ? "shares the lead" : "leads", lead.vps,
                       lead.systems, lead.cruisers, lead.fighters);
    for (std::size_t i = 1; i < rows.size() && i < 3; ++i)
        out += fmt::format("{} {} {} VPs {} sys {} crs", i == 1 ? "; then" : ",",
                           rows[i].empire->code, rows[i].vps, rows[i].systems, rows[i].cruisers);
    out += fmt::format("; all fleets {} cruisers, {} fighters", cruisers, fighters);
    if (st.game_int("ended_turn") > 0)
        out += fmt::format("; {} won ({})", st.game_text("winner"), st.game_text("condition"));
    else if (st.game_int("warning_turn") > 0)
        out += "; victory warning in force";
    return out + "\n";
}

}  // namespace hl
