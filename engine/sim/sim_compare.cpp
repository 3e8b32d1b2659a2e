#include "sim/sim_compare.hpp"

#include <stdexcept>

namespace hl {

std::vector<SimMetric> sim_metrics(const std::vector<SimGame>& games) {
    std::vector<SimMetric> out = {
        {"game length (turns)", false, {}}, {"games won", true, {}},
        {"  by runaway", true, {}},         {"  by knockout", true, {}},
        {"  by points", true, {}},          {"leader's VP share", true, {}},
    };
    for (const SimGame& g : games) {
        bool won = g.ended_turn > 0;
        out[0].values.push_back(won ? g.ended_turn : g.turns);
        out[1].values.push_back(won ? 1.0 : 0.0);
        out[2].values.push_back(won && g.condition == "runaway" ? 1.0 : 0.0);
        out[3].values.push_back(won && g.condition == "knockout" ? 1.0 : 0.0);
        out[4].values.push_back(won && g.condition == "points" ? 1.0 : 0.0);
        out[5].values.push_back(g.leader_share());
    }
    return out;
}

std::vector<SimComparison> compare_runs(const std::vector<SimGame>& a,
                                        const std::vector<SimGame>& b) {
    if (a.size() != b.size()) throw std::invalid_argument("compare_runs: different game counts");
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].seed != b[i].seed)
            throw std::invalid_argument("compare_runs: the runs used different seeds");
    std::vector<SimMetric> ma = sim_metrics(a), mb = sim_metrics(b);
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
        std::vector<double> vps, systems;
        int top = 0;
        for (const SimGame& g : games) {
            for (const SimEmpire& e : g.empires) {
                if (e.mode != mode) continue;
                vps.push_back(static_cast<double>(e.vps));
                systems.push_back(e.systems);
            }
            if (!g.empires.empty() && g.leader().mode == mode) ++top;
        }
        m.empires = static_cast<int>(vps.size());
        m.vps = estimate_mean(vps);
        m.systems = estimate_mean(systems);
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
                sa += static_cast<double>(e.vps);
                ++na;
            }
            if (e.mode == b) {
                sb += static_cast<double>(e.vps);
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
                    wins += x.vps > y.vps ? 1 : 0;
                }
    return pairs ? static_cast<double>(wins) / pairs : 0.0;
}

}  // namespace hl
