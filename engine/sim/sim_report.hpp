#pragma once

#include <string>
#include <vector>

#include "sim/sim_run.hpp"

namespace hl {

// The metrics of one run, each mean with its 95% confidence interval, one per line.
std::string render_run_summary(const SimRun& run);

// Two runs over the same seeds side by side, with the paired difference (b - a) and its 95%
// confidence interval; a difference whose interval leaves out 0 is marked with '*'.
std::string render_comparison(const SimRun& a, const SimRun& b);

// For runs with more than one computer player: per player, final score and records owned
// with 95% intervals and the share of games it led; then, for each pair, how often one beat the
// other and the mean score difference per game with its interval.
std::string render_mode_table(const std::vector<SimGame>& games,
                              const std::vector<std::string>& modes, const SimColumns& columns);

}  // namespace hl
