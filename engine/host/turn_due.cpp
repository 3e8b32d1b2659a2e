#include "host/turn_due.hpp"

namespace hl {

TurnDue turn_due(const GameStatus& status, const Deadlines& deadlines, UnixTime now) {
    TurnDue d;
    d.deadline = status.deadline;
    d.run_early = deadlines.run_early;
    for (const EmpireStatus& e : status.empires) {
        if (e.state == SheetState::computer || e.state == SheetState::eliminated) continue;
        ++d.players;
        if (e.state != SheetState::submitted) ++d.without_orders;
    }
    if (status.ended)
        d.reason = DueReason::ended;
    else if (d.deadline && *d.deadline <= now)
        d.reason = DueReason::deadline_passed;
    else if (d.run_early && d.players > 0 && d.without_orders == 0)
        d.reason = DueReason::all_submitted;
    else if (d.deadline)
        d.reason = DueReason::not_due;
    else
        d.reason = DueReason::no_deadline;
    return d;
}

}  // namespace hl
