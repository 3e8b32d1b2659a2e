#pragma once

#include <optional>

#include "host/deadlines.hpp"
#include "host/game_status.hpp"
#include "host/time_text.hpp"

namespace hl {

// Why `hyperlane host` runs a game's next turn now, or why not.
enum class DueReason {
    deadline_passed,  // the next turn's deadline is now or past
    all_submitted,    // the game runs early and every player empire's orders are in
    not_due,          // the deadline is still ahead
    no_deadline,      // the next turn has no deadline (and does not run early, or waits)
    ended,            // the game is over
};

// Whether a game's next turn is due, with what the answer rests on.
struct TurnDue {
    DueReason reason = DueReason::no_deadline;
    std::optional<UnixTime> deadline;  // of the next turn
    bool run_early = false;            // deadlines.toml run_early
    int players = 0;                   // player empires (not the computer's, not eliminated)
    int without_orders = 0;            // of those, the ones whose orders are not in
    // True if the turn is to be run now.
    bool run() const {
        return reason == DueReason::deadline_passed || reason == DueReason::all_submitted;
    }
};

// Decides from a game's status and deadlines whether its next turn is due at `now`: at its
// deadline, or (run_early) once every player empire has stored orders for it; a game with no
// player empire never runs early. Late orders written for an earlier turn do not count.
TurnDue turn_due(const GameStatus& status, const Deadlines& deadlines, UnixTime now);

}  // namespace hl
