// hyperlane run GAME [--turn N], hyperlane rollback GAME --to N, hyperlane trace GAME

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "cli_support.hpp"
#include "commands.hpp"
#include "core/phase_clock.hpp"
#include "game/play_turn.hpp"
#include "game/read_lock.hpp"
#include "game/turn_store.hpp"
#include "io/bounded_read.hpp"
#include "lua/host.hpp"
#include "report/trace_text.hpp"

namespace hl::cli {

namespace {

struct RunOptions {
    std::string dir;
    std::optional<int> turn;
    bool quiet = false;
    bool line = false;
    int wait = 0;
};

int run_run(const RunOptions& o) {
    PlayOptions opts;
    opts.turn = o.turn;
    opts.summary = o.quiet ? PlaySummary::none : o.line ? PlaySummary::line : PlaySummary::turn;
    opts.process_exits = true;
    opts.wait = std::chrono::seconds(o.wait);
    return guard_writes(
        o.dir,
        [&] {
            std::optional<PlayedTurn> t;
            const std::optional<int> before = GameDir(o.dir).latest_turn();
            try {
                t.emplace(play_next_turn(GameDir(o.dir), opts));
            } catch (const ScriptError& e) {
                // The game's rules failed, not the GM's input: an internal error of the pack,
                // with the script's file and line. The summary is made after the turn is
                // saved, so say which.
                const std::optional<int> after = GameDir(o.dir).latest_turn();
                const bool saved = after && (!before || *after > *before);
                std::fprintf(stderr,
                             "%s\nhyperlane: internal error: the game's rules pack failed %s (a "
                             "bug in the pack, not in the orders); %s\n",
                             e.what(), saved ? "summing up the turn" : "while playing the turn",
                             saved ? fmt::format("turn {} was saved", *after).c_str()
                                   : "the turn was not saved");
                return kExitInternal;
            }
            std::printf("%s", t->summary.c_str());
            hl::mark_phase("run done");
            return kExitOk;
        },
        [&] { return game_still_at(o.dir, "the turn was not written"); });
}

struct RollbackOptions {
    std::string dir;
    int to = 0;
    int wait = 0;
};

int roll_back(const RollbackOptions& o) {
    GameDir dir(o.dir);
    GameLock lock(dir, std::chrono::seconds(o.wait));
    auto latest = dir.latest_turn();
    if (!latest)
        throw InputError({o.dir, 0, 0}, "not a game folder with turns (turns/NNNN/state.toml)");
    if (o.to < 0 || o.to > *latest)
        throw InputError({o.dir, 0, 0}, fmt::format("cannot roll back to turn {}: the game is at "
                                                    "turn {}",
                                                    o.to, *latest));
    load_game(dir, o.to);  // the turn to return to must load
    std::vector<int> removed = rollback_to(dir, o.to);
    if (removed.empty())
        std::printf("The game is already at turn %d; nothing removed.\n", o.to);
    else
        std::printf(
            "Rolled back to the end of turn %d: removed %s. Orders were kept; "
            "`hyperlane run %s` plays turn %d again.\n",
            o.to,
            fmt::format("turn{} {}", removed.size() > 1 ? "s" : "", fmt::join(removed, ", "))
                .c_str(),
            o.dir.c_str(), o.to + 1);
    return kExitOk;
}

int run_rollback(const RollbackOptions& o) {
    return guard_writes(
        o.dir, [&] { return roll_back(o); },
        [&] {
            return game_still_at(
                o.dir, "the rollback was not finished (turns go newest first, whole)", false);
        });
}

struct TraceOptions {
    std::string dir;
    std::optional<int> turn;
    std::string empire;
};

int run_trace(const TraceOptions& o) {
    GameDir dir(o.dir);
    GameReadLock reading(dir);
    auto latest = dir.latest_turn();
    int turn = o.turn ? *o.turn : latest.value_or(0);
    if (turn == 0) throw InputError({o.dir, 0, 0}, "turn 0 is the set-up: no actions were run");
    TurnRecord rec = load_turn_record(dir, turn);
    std::printf("%s", render_trace(rec, o.empire).c_str());
    // What the turn's scripts printed, for every empire's trace (it is the modder's own output).
    const std::filesystem::path log = dir.turn_dir(turn) / kPrintLogFile;
    if (std::filesystem::exists(log)) {
        const ReadOutcome printed = read_limited(log, 2 * LuaHost::kPrintedMax, "print log");
        if (!printed.text) throw InputError({log.generic_string(), 0, 0}, printed.problem);
        std::printf("Printed by the scripts (%s):\n", log.generic_string().c_str());
        std::string_view text = *printed.text;
        while (!text.empty()) {
            const std::size_t end = std::min(text.find('\n'), text.size());
            std::printf("  %.*s\n", static_cast<int>(end), text.data());
            text.remove_prefix(std::min(end + 1, text.size()));
        }
    }
    return kExitOk;
}

}  // namespace

void register_run(CLI::App& app, Action& action) {
    auto r = std::make_shared<RunOptions>();
    CLI::App* run = app.add_subcommand(
        "run", "Play the game's next turn from the stored turnsheets and write it");
    run->add_option("GAME", r->dir, "Game folder")->required();
    run->add_option("--turn", r->turn, "The turn you mean to run (refused if it is not the next)")
        ->check(turn_range(1));
    run->add_flag("--quiet,-q", r->quiet, "Print nothing on success");
    run->add_flag("--line,-l", r->line,
                  "Print one line of standings instead of the summary (the pack's "
                  "report.standings; Star Chase: the leader, the next two, all fleets)");
    add_wait_option(run, r->wait);
    run->callback([r, &action] { action = [r] { return run_run(*r); }; });

    auto b = std::make_shared<RollbackOptions>();
    CLI::App* rb = app.add_subcommand(
        "rollback", "Return the game to the end of an earlier turn (orders are kept)");
    rb->add_option("GAME", b->dir, "Game folder")->required();
    rb->add_option("--to", b->to, "Turn to return to")->required()->check(turn_range(0));
    add_wait_option(rb, b->wait);
    rb->callback([b, &action] { action = [b] { return run_rollback(*b); }; });

    auto t = std::make_shared<TraceOptions>();
    CLI::App* tr = app.add_subcommand("trace", "Show why every action of a turn did what it did");
    tr->add_option("GAME", t->dir, "Game folder")->required();
    tr->add_option("--turn,-t", t->turn, "Turn (default: the latest)")->check(turn_range(1));
    tr->add_option("--empire,-e", t->empire, "Only this empire's actions and what touched it");
    tr->callback([t, &action] { action = [t] { return run_trace(*t); }; });
}

}  // namespace hl::cli
