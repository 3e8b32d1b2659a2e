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

// Ranks by VPs, 1 = most; equal VPs share a rank.
int rank_of(const SimGame& g, const SimEmpire& e) {
    int rank = 1;
    for (const SimEmpire& o : g.empires)
        if (o.vps > e.vps) ++rank;
    return rank;
}

}  // namespace

std::string games_csv(const std::vector<SimRun>& runs) {
    std::string out =
        "pack,game,seed,turns,ended_turn,winner,condition,leader,leader_vps,leader_share,"
        "mean_vps,leader_systems,mean_systems,leader_techs,mean_techs,survivors\n";
    for (const SimRun& run : runs) {
        for (const SimGame& g : run.games) {
            const SimEmpire& lead = g.leader();
            double vps = 0, systems = 0, techs = 0;
            int alive = 0;
            for (const SimEmpire& e : g.empires) {
                if (e.eliminated) continue;
                vps += static_cast<double>(e.vps);
                systems += e.systems;
                techs += e.techs;
                ++alive;
            }
            double n = alive > 0 ? alive : 1;
            out += fmt::format("{},{},{},{},{},{},{},{},{},{:.4f},{:.2f},{},{:.2f},{},{:.2f},{}\n",
                               field(run.pack), g.index, g.seed, g.turns, g.ended_turn, g.winner,
                               g.condition, lead.code, lead.vps, g.leader_share(), vps / n,
                               lead.systems, systems / n, lead.techs, techs / n, alive);
        }
    }
    return out;
}

std::string empires_csv(const std::vector<SimRun>& runs) {
    std::string out =
        "pack,game,seed,empire,mode,rank,vps,systems,population,industry,cruisers,techs,"
        "eliminated\n";
    for (const SimRun& run : runs)
        for (const SimGame& g : run.games)
            for (const SimEmpire& e : g.empires)
                out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{}\n", field(run.pack),
                                   g.index, g.seed, e.code, e.mode, rank_of(g, e), e.vps, e.systems,
                                   e.population, e.industry, e.cruisers, e.techs,
                                   e.eliminated ? 1 : 0);
    return out;
}

}  // namespace hl
