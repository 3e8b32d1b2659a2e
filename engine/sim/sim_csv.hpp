#pragma once

#include <string>
#include <vector>

#include "sim/sim_run.hpp"

namespace hl {

// games.csv: a header, then one row per game of each run (docs/balance-lab.md lists the
// columns). Numbers only, fixed formats: the same runs always give the same bytes.
std::string games_csv(const std::vector<SimRun>& runs);

// empires.csv: a header, then one row per empire of each game of each run.
std::string empires_csv(const std::vector<SimRun>& runs);

}  // namespace hl
