#pragma once

#include <string>
#include <vector>

#include "sim/sim_game.hpp"
#include "sim/sim_stats.hpp"

namespace hl {

// One number per game that the balance lab compares between packs.
struct SimMetric {
    std::string name;            // e.g. "game length (turns)"
    bool share = false;          // a 0/1 per game, shown as a percentage
    std::vector<double> values;  // one per game, by index
};

// The metrics of a run: game length (the turn it ended, else the turns played), games won,
// won by each of the pack's conditions, and the leader's share of the scores.
std::vector<SimMetric> sim_metrics(const std::vector<SimGame>& games, const SimColumns& columns);

// A metric under two packs: each mean and the paired difference (b - a), with 95% intervals.
struct SimComparison {
    std::string name;
    bool share = false;
    Estimate a, b, diff;
};

// Compares two runs over the same seeds, metric by metric.
std::vector<SimComparison> compare_runs(const std::vector<SimGame>& a,
                                        const std::vector<SimGame>& b, const SimColumns& columns);

// How the empires of one computer player did over a run.
struct ModeStats {
    std::string mode;
    int empires = 0;       // empire-games played in this mode
    Estimate score;        // final score per empire
    Estimate owned;        // records (systems ...) owned at the end per empire
    double top_share = 0;  // share of games whose leader played in this mode
};

// Per-mode results, modes in the order given.
std::vector<ModeStats> mode_stats(const std::vector<SimGame>& games,
                                  const std::vector<std::string>& modes);

// Over the games where both modes play: the mean of (mean final score of mode a's empires minus
// those of mode b's) with its 95% interval. A lower bound above 0 means a beats b.
Estimate mode_difference(const std::vector<SimGame>& games, const std::string& a,
                         const std::string& b);

// Share of pairings (an empire of mode a, an empire of mode b, same game) where a's empire
// ended with a higher score.
double beat_share(const std::vector<SimGame>& games, const std::string& a, const std::string& b);

}  // namespace hl
