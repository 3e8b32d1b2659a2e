#include "sim/sim_compare.hpp"

#include <stdexcept>

namespace hl {

std::vector<SimMetric> sim_metrics(const std::vector<SimGame>& games, const SimColumns& columns) {
    std::vector<SimMetric> out = {{"game length (turns)", false, {}}, {"games won", true, {}}};
    for (const std::string& c : columns.conditions)
        out.push_back({"  by " + c, true, {}});
    out.push_back({"leader's share of " + columns.score_label, true, {}});
    for (const SimGame& g : games) {
        bool won = g.ended_turn > 0;
        out[0].values.push_back(won ? g.ended_turn : g.turns);
        out[1].values.push_back(won ? 1.0 : 0.0);
        for (std::size_t i = 0; i < columns.conditions.size(); ++i)
            out[2 + i].values.push_back(won && g.condition == columns.conditions[i] ? 1.0 : 0.0);
        out.back().values.push_back(g.leader_share());
    }
    return out;
}

std::vector<SimComparison> compare_runs(const std::vector<SimGame>& a,
                                        const std::vector<SimGame>& b, const SimColumns& columns) {
    if (a.size() != b.size()) throw std::invalid_argument("compare_runs: different game counts");
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].seed != b[i].seed)
            throw std::invalid_argument("compare_runs: the runs used different seeds");
    std::vector<SimMetric> ma = sim_metrics(a, columns), mb = sim_metrics(b, columns);
    std::vector<SimComparison> out;
    for (std::size_t i = 0; i < ma.size(); ++i) {
        SimComparison c;
        c.name = ma[i].name;
        c.share = ma[i].share;
        c.a = estimate_mean(ma[i].values);
        c.b = estimate_mean(mb[i].values);
        c.diff = paired_difference(ma[i].values, mb[i].values);
        out.push_back(c);
    }
    return out;
}

std::vector<ModeStats> mode_stats(const std::vector<SimGame>& games,
                                  const std::vector<std::string>& modes) {
    std::vector<ModeStats> out;
    for (const std::string& mode : modes) {
        bool seen = false;
        for (const ModeStats& m : out)
            seen = seen || m.mode == mode;
        if (seen) continue;
        ModeStats m;
        m.mode = mode;
        std::vector<double> scores, owned;
        int top = 0;
        for (const SimGame& g : games) {
            for (const SimEmpire& e : g.empires) {
                if (e.mode != mode) continue;
                scores.push_back(static_cast<double>(e.score));
                owned.push_back(e.owned);
            }
            if (!g.empires.empty() && g.leader().mode == mode) ++top;
        }
        m.empires = static_cast<int>(scores.size());
        m.score = estimate_mean(scores);
        m.owned = estimate_mean(owned);
        m.top_share = games.empty() ? 0.0 : static_cast<double>(top) / games.size();
        out.push_back(m);
    }
    return out;
}

Estimate mode_difference(const std::vector<SimGame>& games, const std::string& a,
                         const std::string& b) {
    std::vector<double> diffs;
    for (const SimGame& g : games) {
        double sa = 0, sb = 0;
        int na = 0, nb = 0;
        for (const SimEmpire& e : g.empires) {
            if (e.mode == a) {
                sa += static_cast<double>(e.score);
                ++na;
            }
            if (e.mode == b) {
                sb += static_cast<double>(e.score);
                ++nb;
            }
        }
        if (na > 0 && nb > 0) diffs.push_back(sa / na - sb / nb);
    }
    return estimate_mean(diffs);
}

double beat_share(const std::vector<SimGame>& games, const std::string& a, const std::string& b) {
    int pairs = 0, wins = 0;
    for (const SimGame& g : games)
        for (const SimEmpire& x : g.empires)
            for (const SimEmpire& y : g.empires)
                if (x.mode == a && y.mode == b && &x != &y) {
                    ++pairs;
                    wins += x.score > y.score ? 1 : 0;
                }
    return pairs ? static_cast<double>(wins) / pairs : 0.0;
}

}  // namespace hl
