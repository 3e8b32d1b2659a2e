#pragma once

#include <string>
#include <vector>

#include "sim/sim_run.hpp"

namespace hl {

// The mean over games, turn by turn, of the leader's score and of the mean score (a game that
// ended keeps its final values for later turns). Index t-1 is the value after turn t.
struct ScoreCurve {
    std::vector<double> leader;
    std::vector<double> mean;
};

// The curve of a run, over `turns` turns.
ScoreCurve score_curve(const std::vector<SimGame>& games, int turns);

// A self-contained SVG line chart (no scripts, fonts or links) of the leader's score (solid) and
// the mean score (dashed) by turn for each run, averaged over its games.
std::string score_chart_svg(const std::vector<SimRun>& runs, const std::string& title);

}  // namespace hl
