#include "game/play_turn.hpp"

#include <fmt/format.h>

#include "game/order_store.hpp"
#include "game/report_context.hpp"
#include "game/state_rules.hpp"
#include "game/turn_store.hpp"
#include "io/atomic_file.hpp"
#include "io/batch_write.hpp"
#include "lua/pack_orders.hpp"
#include "lua/precompile.hpp"
#include "lua/runtime.hpp"
#include "report/report_files.hpp"
#include "report/turn_summary.hpp"
#include "turn/computer_orders.hpp"
#include "turn/turn_runner.hpp"

namespace hl {

PlayedTurn play_next_turn(const GameDir& dir, const PlayOptions& opts) {
    GameLock lock(dir);
    clean_partial_turns(dir);
    // The state's rules are checked in the turn's own Lua state (below), not in one of their own.
    // The pack's scripts compile on a second thread while the state is read; the turn's Lua
    // state then loads them from the process's cache (lua/precompile.hpp).
    std::optional<BackgroundCompile> compile;
    LoadedGame g = load_game(dir, std::nullopt, StateRulesCheck::by_caller,
                             [&](const Pack& pack) { compile.emplace(pack); });
    Runtime rt(g.pack, g.state);
    if (compile) compile->wait();
    {
        Diagnostics rules =
            check_state_rules(rt, dir.state_file(*dir.latest_turn()).generic_string());
        if (rules.has_errors()) throw InputError(std::move(rules));
    }
    const int turn = g.state.turn + 1;
    const SourcePos where{dir.dir().generic_string(), 0, 0};
    if (g.state.game_int("ended_turn") > 0)
        throw InputError(where,
                         fmt::format("the game ended on turn {} ({} won); nothing to run",
                                     g.state.game_int("ended_turn"), g.state.game_text("winner")));
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

    // The GM's messages for the turn (a broken GM.toml stops the run before it starts).
    const ReportContext report_ctx = report_context(dir, g.info, turn);

    // A run or submit killed while writing a sheet leaves its temporary file behind.
    remove_unfinished_sheets(dir, turn);
    const int dropout_after = static_cast<int>(g.pack.const_int("game.dropout_after", 3));
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
        std::string text = computer_sheet(rt, empire, mode, turn);
        ReadSheet sheet = read_sheet(rt, text, file);
        if (!sheet.ok()) {
            Diagnostics pd = sheet.findings;
            pd.error({g.pack.script_chunk("ai"), 0, 0},
                     fmt::format("the computer player wrote a bad turnsheet for {}; the rules "
                                 "pack's ai.lua must be fixed",
                                 empire));
            throw InputError(pd);
        }
        std::filesystem::create_directories(dir.orders_dir(turn));
        write_file_replacing(file, text);  // flushed with the turn (commit_turn)
        in.sheets[empire] = sheet;
        in.late.erase(empire);
        in.computer[empire] = mode;
    }

    PlayedTurn out;
    out.record = run_turn(rt, in);
    Diagnostics broken = check_state_rules(rt, fmt::format("turn {}", turn));
    if (broken.has_errors()) {
        broken.error(where, fmt::format("turn {} was not saved: the rules pack left the state "
                                        "breaking its own state_rules.lua (a bug in the pack)",
                                        turn));
        throw InputError(std::move(broken));
    }
    std::map<std::string, std::string> extra;
    // The record as results.json holds it, made once for the reports and the file.
    const nlohmann::ordered_json record_json = turn_record_to_json(out.record);
    // The reports are built in the turn's own Lua state, on the state after the turn.
    if (opts.reports) extra = report_files(rt, &out.record, report_ctx, &record_json);
    commit_turn(dir, g.state, out.record, extra, &record_json);
    if (opts.summary == PlaySummary::turn) out.summary = render_turn_summary(rt, out.record);
    if (opts.summary == PlaySummary::line) out.summary = render_standings_line(rt);
    out.state = g.state;
    return out;
}

}  // namespace hl
