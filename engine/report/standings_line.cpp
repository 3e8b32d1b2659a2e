#include "report/standings_line.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace hl {

namespace {

struct Standing {
    const Empire* empire;
    int systems = 0;
    int cruisers = 0;
    int fighters = 0;
};

}  // namespace

std::string render_standings_line(const GameState& st) {
    std::vector<Standing> rows;
    int cruisers = 0, fighters = 0;
    for (const Empire& e : st.empires) {
        Standing s{&e};
        for (SystemCode c : st.owned_by(e.code)) {
            const Holding& h = st.holding_or_empty(c);
            ++s.systems;
            s.cruisers += h.cruisers;
            s.fighters += h.fighters;
        }
        cruisers += s.cruisers;
        fighters += s.fighters;
        if (!e.eliminated) rows.push_back(s);
    }
    std::stable_sort(rows.begin(), rows.end(), [](const Standing& a, const Standing& b) {
        return a.empire->vps > b.empire->vps;
    });
    std::string out = fmt::format("Turn {:>2}:", st.turn);
    if (rows.empty()) return out + " no empire left";
    const Standing& lead = rows.front();
    bool tied = rows.size() > 1 && rows[1].empire->vps == lead.empire->vps;
    out += fmt::format(" {} {} with {} VPs, {} systems, {} cruisers, {} fighters",
                       lead.empire->code, tied ? "shares the lead" : "leads", lead.empire->vps,
                       lead.systems, lead.cruisers, lead.fighters);
    for (std::size_t i = 1; i < rows.size() && i < 3; ++i)
        out +=
            fmt::format("{} {} {} VPs {} sys {} crs", i == 1 ? "; then" : ",", rows[i].empire->code,
                        rows[i].empire->vps, rows[i].systems, rows[i].cruisers);
    out += fmt::format("; all fleets {} cruisers, {} fighters", cruisers, fighters);
    if (st.victory.ended_turn > 0)
        out += fmt::format("; {} won ({})", st.victory.winner, st.victory.condition);
    else if (st.victory.warning_turn > 0)
        out += "; victory warning in force";
    return out + "\n";
}

}  // namespace hl
