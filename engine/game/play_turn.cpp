#include "game/play_turn.hpp"

#include <atomic>
#include <exception>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "core/phase_clock.hpp"
#include "game/order_store.hpp"
#include "game/report_context.hpp"
#include "game/state_rules.hpp"
#include "game/turn_store.hpp"
#include "io/atomic_file.hpp"
#include "io/batch_write.hpp"
#include "lua/pack_orders.hpp"
#include "lua/precompile.hpp"
#include "lua/runtime.hpp"
#include "lua/shared_calls.hpp"
#include "report/report_files.hpp"
#include "report/turn_summary.hpp"
#include "turn/computer_orders.hpp"
#include "turn/turn_runner.hpp"

namespace hl {

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kLeaveToExit = false;  // LeakSanitizer would report what is left
#else
constexpr bool kLeaveToExit = true;
#endif

// What a run holds while it plays, destroyed in reverse order: the Lua states before the game
// they are bound to.
struct RunWork {
    std::optional<BackgroundCompile> compile;
    LoadedGame g;
    std::optional<SideRuntime> side;
    std::optional<Runtime> runtime;
};

}  // namespace

PlayedTurn play_next_turn(const GameDir& dir, const PlayOptions& opts) {
    mark_phase("lock taken");
    GameLock lock(dir, opts.wait);
    clean_partial_turns(dir);
    // The state's rules are checked in the turn's own Lua state (below), not in one of their own.
    // The pack's scripts are read from the store of compiled scripts, or compiled, on a second
    // thread while the state is read; the turn's Lua state loads those done from the process's
    // cache and compiles any other itself (lua/precompile.hpp).
    // The two Lua states are made while the state file is still being parsed: making one reads
    // the pack, never the state, which load_game_into fills in place afterwards. The second, for
    // the computer players and the reports, is made on its own thread.
    auto work = std::make_unique<RunWork>();
    std::optional<BackgroundCompile>& compile = work->compile;
    LoadedGame& g = work->g;
    std::exception_ptr not_made;  // reported after the game's own problems, as before
    load_game_into(g, dir, std::nullopt, StateRulesCheck::by_caller, [&](const Pack& pack) {
        compile.emplace(pack);
        try {
            work->side.emplace(g.pack, g.state);
            work->runtime.emplace(g.pack, g.state);
        } catch (...) {
            not_made = std::current_exception();
        }
        mark_phase("Lua state made");
    });
    mark_phase("game loaded");
    if (not_made) std::rethrow_exception(not_made);
    SideRuntime& side = *work->side;
    Runtime& rt = *work->runtime;
    {
        Diagnostics rules =
            check_state_rules(rt, dir.state_file(*dir.latest_turn()).generic_string());
        if (rules.has_errors()) throw InputError(std::move(rules));
    }
    mark_phase("state rules checked");
    const int turn = g.state.turn + 1;
    const SourcePos where{dir.dir().generic_string(), 0, 0};
    if (g.state.ended_turn() > 0)
        throw InputError(where, fmt::format("the game ended on turn {} ({} won); nothing to run",
                                            g.state.ended_turn(), g.state.winner()));
    if (opts.turn && *opts.turn != turn) {
        if (*opts.turn < turn)
            throw InputError(where, fmt::format("turn {} has already been run (the game is at turn "
                                                "{}); to run it again, first `hyperlane rollback "
                                                "{} --to {}`",
                                                *opts.turn, g.state.turn,
                                                dir.dir().generic_string(), *opts.turn - 1));
        throw InputError(where,
                         fmt::format("the next turn to run is {}, not {}", turn, *opts.turn));
    }

    Diagnostics diags;
    for (const OrderPackProblem& p : order_pack_problems(rt))
        diags.error({p.chunk, 0, 0}, p.message);
    if (diags.has_errors()) throw InputError(diags);

    TurnInput in;
    for (auto& [empire, loaded] : load_orders_for_turn(dir, turn, rt)) {
        if (!loaded.ok()) {
            diags.merge(loaded.problems);
            continue;
        }
        const Empire* e = g.state.find_empire(empire);
        if (!e) {
            diags.error({loaded.file.generic_string(), 0, 0},
                        fmt::format("no empire {} in this game", empire));
            continue;
        }
        const HeaderItem& secret = loaded.sheet.header.secret;
        if (!secret.given || secret.text != e->secret) {
            diags.error(secret.at(loaded.file.generic_string()),
                        fmt::format("the {} does not match empire {}'s secret",
                                    secret.label.empty() ? "secret" : secret.label, empire));
            continue;
        }
        in.sheets[empire] = loaded.sheet;
        if (loaded.late) in.late.insert(empire);
    }
    if (diags.has_errors()) {
        diags.error(where, fmt::format("turn {} was not run: fix or remove the sheets above "
                                       "(hyperlane check shows every problem)",
                                       turn));
        throw InputError(diags);
    }

    mark_phase("sheets read");
    // The GM's messages for the turn (a broken GM.toml stops the run before it starts).
    const ReportContext report_ctx = report_context(dir, g.info, turn);

    // A run or submit killed while writing a sheet leaves its temporary file behind.
    remove_unfinished_sheets(dir, turn);
    const int dropout_after = static_cast<int>(g.pack.const_int("game.dropout_after", 3));
    struct ComputerJob {
        std::string empire, mode, file, text;
    };
    std::vector<ComputerJob> jobs;
    for (const std::string& empire : g.state.order_of_play) {
        const Empire* e = g.state.find_empire(empire);
        std::string mode = computer_mode(g.state, *e, in.sheets.count(empire) > 0, dropout_after);
        std::string file = (dir.orders_dir(turn) / (empire + ".computer.txt")).generic_string();
        if (mode.empty()) {
            // Computer orders left by a run that was rolled back: the empire has its own sheet
            // now, and the orders folder must show what the turn ran on.
            std::error_code ec;
            std::filesystem::remove(file, ec);
            continue;
        }
        jobs.push_back({empire, std::move(mode), std::move(file), {}});
    }
    // Each computer player only reads the state and draws from a random stream of its own, so
    // two Lua states write the sheets at once. The turn's own state reads them (their values
    // live in it): between its own sheets, it reads those finished so far, so that only the last
    // ones are read after the round. They are checked and stored in order of play.
    std::vector<std::atomic<bool>> written(jobs.size());
    std::vector<std::optional<ReadSheet>> read(jobs.size());
    std::vector<std::exception_ptr> read_failed(jobs.size());
    auto read_written = [&] {
        for (std::size_t k = 0; k < jobs.size(); ++k) {
            if (read[k] || read_failed[k] || !written[k].load(std::memory_order_acquire)) continue;
            try {
                read[k] = read_sheet(rt, jobs[k].text, jobs[k].file);
            } catch (...) {
                read_failed[k] = std::current_exception();
            }
        }
    };
    const std::vector<std::exception_ptr> failed =
        side.share(rt, jobs.size(), [&](Runtime&) -> SharedJob {
            return [&](Runtime& on, std::size_t i) {
                jobs[i].text = computer_sheet(on, jobs[i].empire, jobs[i].mode, turn);
                written[i].store(true, std::memory_order_release);
                if (&on == &rt) read_written();
            };
        });
    {
        // The rest are read as those in the round were, with the state read-only.
        const bool was_read_only = rt.read_only();
        rt.set_read_only(true);
        try {
            read_written();
        } catch (...) {
            rt.set_read_only(was_read_only);
            throw;
        }
        rt.set_read_only(was_read_only);
    }
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        if (failed[i]) std::rethrow_exception(failed[i]);
        if (read_failed[i]) std::rethrow_exception(read_failed[i]);
        ComputerJob& job = jobs[i];
        ReadSheet& sheet = *read[i];
        if (!sheet.ok()) {
            Diagnostics pd = sheet.findings;
            pd.error({g.pack.script_chunk("ai"), 0, 0},
                     fmt::format("the computer player wrote a bad turnsheet for {}; the rules "
                                 "pack's ai.lua must be fixed",
                                 job.empire));
            throw InputError(pd);
        }
        // Flushed with the turn (PartialTurn::commit).
        write_file_replacing_below(dir.dir(), job.file, job.text);
        in.sheets[job.empire] = sheet;
        in.late.erase(job.empire);
        in.computer[job.empire] = job.mode;
    }

    mark_phase("computer players' sheets written");
    PlayedTurn out;
    (void)rt.host().take_printed();  // what the state rules and the sheets' reading printed
    out.record = run_turn(rt, in);
    const std::string printed = rt.host().take_printed();
    mark_phase("turn played");
    Diagnostics broken = check_state_rules(rt, fmt::format("turn {}", turn));
    if (broken.has_errors()) {
        broken.error(where, fmt::format("turn {} was not saved: the rules pack left the state "
                                        "breaking its own state_rules.lua (a bug in the pack)",
                                        turn));
        throw InputError(std::move(broken));
    }
    // The reports are built in the turn's own Lua state (and a second one), on the state after
    // the turn, and written into the turn's folder as each is rendered.
    PartialTurn folder(dir, turn);
    if (!printed.empty()) folder.write(kPrintLogFile, printed);
    if (opts.reports)
        write_report_files(
            rt, &out.record, report_ctx,
            [&](const std::string& path, std::string&& text) { folder.write(path, text); }, &side,
            // The turn's own files are written by whichever thread is free, meanwhile.
            [&] { folder.write_state(g.state, out.record); });
    mark_phase("reports written");
    folder.commit(g.state, out.record);
    mark_phase("turn committed");
    if (opts.summary == PlaySummary::turn) out.summary = render_turn_summary(rt, out.record);
    if (opts.summary == PlaySummary::line) out.summary = render_standings_line(rt);
    out.state = std::move(g.state);  // nothing reads g.state after this
    if (compile) compile->wait();    // a store of compiled scripts being written is finished
    if (opts.process_exits && kLeaveToExit) (void)work.release();
    return out;
}

}  // namespace hl
