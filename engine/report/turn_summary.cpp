#include "report/turn_summary.hpp"

#include <fmt/format.h>

#include "lua/pack_reports.hpp"

namespace hl {

namespace {

std::string joined(const std::vector<std::string>& lines) {
    std::string out;
    for (const std::string& l : lines)
        out += l + "\n";
    return out;
}

}  // namespace

std::string render_turn_summary(Runtime& rt, const TurnRecord& rec) {
    ReportFacts facts;
    facts.record = &rec;
    std::vector<std::string> lines = pack_report_lines(rt, "turn_summary", &facts);
    if (!lines.empty()) return joined(lines);
    int done = 0, failed = 0;
    for (const ActionResult& a : rec.actions)
        (a.ok ? done : failed)++;
    return fmt::format(
        "Turn {} run (order of play: {}).\n  Actions: {} done, {} failed\n  Next order of play: "
        "{}\n",
        rec.turn, fmt::join(rec.order_of_play, " "), done, failed,
        fmt::join(rt.state().order_of_play, " "));
}

std::string render_turn_summary(const Pack& pack, const GameState& state, const TurnRecord& rec) {
    Runtime rt(pack, state);
    return render_turn_summary(rt, rec);
}

std::string render_standings_line(Runtime& rt) {
    std::vector<std::string> lines = pack_report_lines(rt, "standings", nullptr);
    if (!lines.empty()) return joined(lines);
    return fmt::format("Turn {:>2}: next order of play {}\n", rt.state().turn,
                       fmt::join(rt.state().order_of_play, " "));
}

}  // namespace hl
