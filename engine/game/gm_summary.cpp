#include "game/gm_summary.hpp"

#include "lua/pack_reports.hpp"

namespace hl {

std::vector<std::string> gm_summary(const Pack& pack, const GameState& state) {
    if (!pack.script("report")) return {};
    Runtime rt(pack, state);  // read only: a view never changes the state
    return pack_report_lines(rt, "gm_summary", nullptr);
}

}  // namespace hl
