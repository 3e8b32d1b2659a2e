#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>

#include "core/state.hpp"
#include "core/turn_record.hpp"
#include "game/game_dir.hpp"
#include "pack/pack.hpp"

namespace hl {

// The file in a turn's folder with what the turn's scripts printed (print()), for `trace`; it is
// there only when they printed something, and is never read by the game.
inline constexpr const char* kPrintLogFile = "print.log";

// What the GM is told after a turn is played.
enum class PlaySummary { none, turn, line };

// What `hyperlane run` asks for.
struct PlayOptions {
    std::optional<int> turn;  // must be the next turn if given (a guard against running twice)
    bool reports = true;      // write every report into turns/NNNN/reports
    PlaySummary summary = PlaySummary::none;  // the pack's turn summary or standings line
    // The caller's process exits right after (the `run` command): the Lua states and the
    // loaded game are left for the operating system to take back instead of being freed one
    // object at a time (not in AddressSanitizer builds, whose leak check would report them).
    bool process_exits = false;
    // How long to wait for the game lock while another command holds it (`run --wait`).
    std::chrono::milliseconds wait{0};
};

// The outcome of a turn that was played and written.
struct PlayedTurn {
    GameState state;
    TurnRecord record;
    std::string summary;  // as PlayOptions::summary asked (report/turn_summary.hpp)
};

// Plays the game's next turn: takes the game lock, reads every empire's stored sheet (late
// sheets where there is no other), has the computer write orders for non-player empires and
// empires without orders (kept as orders/NNNN/EMP.computer.txt), adjudicates the turn and
// writes turns/NNNN atomically. Refuses (InputError, nothing written) if the game is locked,
// over, already past that turn, or a stored sheet no longer reads cleanly.
PlayedTurn play_next_turn(const GameDir& dir, const PlayOptions& opts = {});

}  // namespace hl
