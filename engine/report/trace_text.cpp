#include "report/trace_text.hpp"

#include <fmt/format.h>

#include "report/phase_notes.hpp"

namespace hl {

std::string render_trace(const TurnRecord& rec, const std::string& empire) {
    std::string out =
        fmt::format("Turn {}: order of play {}\n", rec.turn, fmt::join(rec.order_of_play, " "));
    if (!rec.no_orders.empty())
        out += fmt::format("No orders from: {}\n", fmt::join(rec.no_orders, " "));
    if (!rec.late_orders.empty())
        out += fmt::format("Late orders used for: {}\n", fmt::join(rec.late_orders, " "));
    for (const ActionResult& a : rec.actions) {
        if (!empire.empty() && a.empire != empire) {
            bool touches = false;
            for (const TurnEvent& e : a.events)
                touches = touches || e.empire == empire;
            if (!touches) continue;
        }
        // The pack names its rounds (docs/state.md "actions"): "action" rounds by their slot,
        // any other round by its own name, e.g. the standard game's "probe 2".
        std::string where = a.round == "action" ? fmt::format("round {:>2}", a.slot)
                                                : fmt::format("{} {}", a.round, a.slot);
        out += fmt::format("{} {} line {}: {}: {}{}\n", where, a.empire, a.line, a.text,
                           a.ok ? "done" : "FAILED", a.reason.empty() ? "" : " (" + a.reason + ")");
        if (a.spent) out += fmt::format("    spent {}\n", a.spent);
        for (const std::string& n : a.notes)
            out += "    " + n + "\n";
        for (const TurnEvent& e : a.events)
            out += fmt::format("    to {}: {}\n", e.empire, e.text);
        if (!a.details.empty()) out += "    details: " + a.details.dump() + "\n";
    }
    // The notes under the pack's phases, in the order each phase first wrote one.
    for (const auto& [phase, notes] : notes_by_phase(rec.notes, empire)) {
        out += phase.empty() ? std::string("Notes:\n") : fmt::format("Phase {}:\n", phase);
        for (const PhaseNote* n : notes)
            out += fmt::format("  {}{}{}\n", n->warning ? "*** " : "",
                               n->empire.empty() ? "" : n->empire + ": ", n->text);
    }
    for (const MessageRecord& m : rec.messages)
        out += fmt::format("Message from {} to {}: {}\n", m.from, m.to, m.text);
    return out;
}

}  // namespace hl
