#include "sim/sim_csv.hpp"

#include <fmt/format.h>

namespace hl {

namespace {

// A text field, quoted if it holds a comma, a quote or a line break (RFC 4180).
std::string field(const std::string& s) {
    if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

// Ranks by score, 1 = highest; equal scores share a rank.
int rank_of(const SimGame& g, const SimEmpire& e) {
    int rank = 1;
    for (const SimEmpire& o : g.empires)
        if (o.score > e.score) ++rank;
    return rank;
}

// The column names of a run (the first run's when there are several: one pack's names).
const SimColumns& columns_of(const std::vector<SimRun>& runs) {
    static const SimColumns none;
    return runs.empty() ? none : runs.front().columns;
}

}  // namespace

std::string games_csv(const std::vector<SimRun>& runs) {
    const SimColumns& c = columns_of(runs);
    const std::string levels = c.levels.empty() ? "levels" : c.levels;
    std::string out = fmt::format(
        "pack,game,seed,turns,ended_turn,winner,condition,leader,leader_{0},leader_share,"
        "mean_{0},leader_{1},mean_{1},leader_{2},mean_{2},survivors\n",
        c.score, c.owned_label, levels);
    for (const SimRun& run : runs) {
        for (const SimGame& g : run.games) {
            const SimEmpire& lead = g.leader();
            double score = 0, owned = 0, level = 0;
            int alive = 0;
            for (const SimEmpire& e : g.empires) {
                if (e.eliminated) continue;
                score += static_cast<double>(e.score);
                owned += e.owned;
                level += e.levels;
                ++alive;
            }
            double n = alive > 0 ? alive : 1;
            out += fmt::format("{},{},{},{},{},{},{},{},{},{:.4f},{:.2f},{},{:.2f},{},{:.2f},{}\n",
                               field(run.pack), g.index, g.seed, g.turns, g.ended_turn, g.winner,
                               g.condition, lead.code, lead.score, g.leader_share(), score / n,
                               lead.owned, owned / n, lead.levels, level / n, alive);
        }
    }
    return out;
}

std::string empires_csv(const std::vector<SimRun>& runs) {
    const SimColumns& c = columns_of(runs);
    std::string out = fmt::format("pack,game,seed,empire,mode,rank,{},{}", c.score, c.owned_label);
    for (const std::string& s : c.sums)
        out += "," + s;
    out += fmt::format(",{},eliminated\n", c.levels.empty() ? "levels" : c.levels);
    for (const SimRun& run : runs)
        for (const SimGame& g : run.games)
            for (const SimEmpire& e : g.empires) {
                out += fmt::format("{},{},{},{},{},{},{},{}", field(run.pack), g.index, g.seed,
                                   e.code, e.mode, rank_of(g, e), e.score, e.owned);
                for (std::int64_t v : e.sums)
                    out += fmt::format(",{}", v);
                out += fmt::format(",{},{}\n", e.levels, e.eliminated ? 1 : 0);
            }
    return out;
}

}  // namespace hl
