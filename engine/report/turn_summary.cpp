#include "report/turn_summary.hpp"

#include <fmt/format.h>

namespace hl {

std::string render_turn_summary(const GameState& st, const TurnRecord& rec) {
    std::string out = fmt::format("Turn {} run.\n", rec.turn);
    std::vector<std::string> players, late, computer;
    for (const std::string& e : rec.order_of_play) {
        auto c = rec.computer_orders.find(e);
        if (c != rec.computer_orders.end())
            computer.push_back(fmt::format("{} ({})", e, c->second));
        else if (std::find(rec.late_orders.begin(), rec.late_orders.end(), e) !=
                 rec.late_orders.end())
            late.push_back(e);
        else if (std::find(rec.no_orders.begin(), rec.no_orders.end(), e) == rec.no_orders.end())
            players.push_back(e);
    }
    out += fmt::format(
        "  Orders: {} from players{}{}\n", players.size(),
        late.empty() ? "" : fmt::format(", late orders used for {}", fmt::join(late, " ")),
        computer.empty() ? "" : fmt::format(", computer orders for {}", fmt::join(computer, " ")));
    int done = 0, failed = 0, battles = 0;
    std::vector<std::string> captures;
    for (const ActionResult& a : rec.actions) {
        (a.ok ? done : failed)++;
        if (a.details.contains("battle")) ++battles;
        if (a.details.contains("captured") && a.details.at("captured") == true) {
            std::string to =
                a.details.contains("battle")
                    ? fmt::format(" from {}", a.details["battle"].value("defender", std::string()))
                    : "";
            captures.push_back(fmt::format("{}{}", a.empire, to));
        }
    }
    out += fmt::format("  Actions: {} done, {} failed; {} battles; {} systems taken{}\n", done,
                       failed, battles, captures.size(),
                       captures.empty() ? "" : fmt::format(" ({})", fmt::join(captures, ", ")));
    for (const PhaseNote& n : rec.notes) {
        if (n.phase == "census" && n.empire.empty()) out += "  " + n.text + "\n";
        if (n.phase == "victory" || n.phase == "elimination") out += "  " + n.text + "\n";
    }
    out += fmt::format("  Next order of play: {}\n", fmt::join(st.order_of_play, " "));
    out += "  VPs:";
    for (const Empire& e : st.empires)
        out += fmt::format(" {} {}{}", e.code, e.vps, e.eliminated ? " (eliminated)" : "");
    out += "\n";
    return out;
}

}  // namespace hl
