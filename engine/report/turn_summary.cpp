#include "report/turn_summary.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace hl {

namespace {

bool contains(const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

// The system an action moved to, from its details (`to`), or "?" if the pack did not say.
std::string target(const GameState& st, const ActionResult& a) {
    if (a.details.contains("to") && a.details.at("to").is_number_integer())
        return st.galaxy.code_str(a.details.at("to").get<int>());
    return "?";
}

}  // namespace

std::string render_turn_summary(const GameState& st, const TurnRecord& rec) {
    std::string out = fmt::format("Turn {} run (order of play: {}).\n", rec.turn,
                                  fmt::join(rec.order_of_play, " "));
    std::vector<std::string> players, late, computer, none;
    for (const std::string& e : rec.order_of_play) {
        // Empires eliminated before this turn stay in the order of play but take no part.
        const Empire* emp = st.find_empire(e);
        bool out_this_turn = false;
        for (const PhaseNote& n : rec.notes)
            out_this_turn = out_this_turn || (n.phase == "elimination" && n.empire == e);
        if (emp && st.empire_int(e, "eliminated") && !out_this_turn) continue;
        auto c = rec.computer_orders.find(e);
        if (c != rec.computer_orders.end())
            computer.push_back(fmt::format("{} ({})", e, c->second));
        else if (contains(rec.late_orders, e))
            late.push_back(e);
        else if (contains(rec.no_orders, e))
            none.push_back(e);
        else
            players.push_back(e);
    }
    std::vector<std::string> who;
    if (!players.empty()) who.push_back(fmt::format("{} from players", fmt::join(players, " ")));
    if (!late.empty()) who.push_back(fmt::format("late orders used for {}", fmt::join(late, " ")));
    if (!computer.empty())
        who.push_back(fmt::format("computer orders for {}", fmt::join(computer, " ")));
    if (!none.empty()) who.push_back(fmt::format("no orders from {}", fmt::join(none, " ")));
    out += fmt::format("  Orders: {}\n",
                       who.empty() ? "none" : fmt::format("{}", fmt::join(who, "; ")));

    int done = 0, failed = 0;
    std::vector<std::string> battles, captures;
    for (const ActionResult& a : rec.actions) {
        (a.ok ? done : failed)++;
        const bool captured = a.details.contains("captured") && a.details.at("captured") == true;
        if (a.details.contains("battle")) {
            const auto& b = a.details.at("battle");
            std::string defender = b.value("defender", std::string("?"));
            std::string strengths;
            if (b.contains("rounds") && b.at("rounds").is_array() && !b.at("rounds").empty()) {
                const auto& r = b.at("rounds").at(0);
                strengths = fmt::format(", strength {} against {}", r.value("attack", 0),
                                        r.value("defence", 0));
            }
            battles.push_back(fmt::format("{} {} on {} ({}): {}{}", a.empire, a.action, target(st, a),
                                          defender, captured ? "won" : "failed", strengths));
            if (captured)
                captures.push_back(
                    fmt::format("{} took {} from {}", a.empire, target(st, a), defender));
        } else if (captured) {
            captures.push_back(fmt::format("{} took {}", a.empire, target(st, a)));
        }
    }
    out += fmt::format("  Actions: {} done, {} failed\n", done, failed);
    out += fmt::format("  Battles: {}\n",
                       battles.empty() ? "none" : fmt::format("{}", fmt::join(battles, "; ")));
    out += fmt::format("  Systems taken: {}\n",
                       captures.empty() ? "none" : fmt::format("{}", fmt::join(captures, "; ")));
    for (const PhaseNote& n : rec.notes) {
        if (n.phase == "census" && n.empire.empty()) out += "  Census: " + n.text + "\n";
        if (n.phase == "victory") out += "  Victory: " + n.text + "\n";
        if (n.phase == "elimination") out += "  Eliminated: " + n.text + "\n";
    }
    out += fmt::format("  Next order of play: {}\n", fmt::join(st.order_of_play, " "));
    out += "  VPs:";
    for (const Empire& e : st.empires)
        out += fmt::format(" {} {}{}", e.code, st.empire_int(e.code, "vps"),
                           st.empire_int(e.code, "eliminated") ? " (eliminated)" : "");
    out += "\n";
    return out;
}

}  // namespace hl
