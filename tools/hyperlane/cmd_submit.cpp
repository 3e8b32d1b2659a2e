// hyperlane submit GAME FILE

#include <chrono>
#include <cstdio>
#include <memory>

#include <fmt/format.h>

#include "cli_support.hpp"
#include "commands.hpp"
#include "game/game_dir.hpp"
#include "game/order_store.hpp"
#include "game/turn_store.hpp"
#include "game/turnsheet_check.hpp"
#include "host/intake.hpp"

namespace hl::cli {

namespace {

struct SubmitOptions {
    std::string game;
    std::string file;
    int wait = 0;
};

int run_submit(const SubmitOptions& o) {
    GameDir dir(o.game);
    std::string text = read_sheet_or_throw(o.file);
    // Checked and stored under the game lock, so a sheet is never filed for a turn that a
    // `run` finishes meanwhile (it would be stored as orders for a turn already played).
    IntakeOptions opts;
    opts.wait = std::chrono::seconds(o.wait);
    Intake in;
    guard_writes(
        o.game,
        [&] {
            in = receive_sheet(dir, text, o.file, opts);
            return kExitOk;
        },
        [&] {
            return game_still_at(o.game,
                                 "the sheet was not stored (any sheet stored before stands)");
        });
    const SheetCheck& c = in.check;
    print_diagnostics(c.findings);
    if (!in.stored) {
        std::fprintf(stderr, "%s: not stored: %d error(s)\n", o.file.c_str(),
                     c.findings.error_count());
        return kExitBadInput;
    }
    const std::string& emp = c.header.empire.text;
    // "the orders of empire 3", not "3 orders": a pack's empire codes may be numbers.
    std::printf("Stored the %s of empire %s for turn %d in %s%s.\n",
                c.late ? "late orders" : "orders", emp.c_str(), c.next_turn,
                in.path.generic_string().c_str(),
                in.replaced ? " (replacing the earlier sheet)" : "");
    if (c.late && std::filesystem::exists(sheet_path(dir, c.next_turn, emp, false)))
        std::printf(
            "%s already has orders for turn %d: late orders are used only when there "
            "are none.\n",
            emp.c_str(), c.next_turn);
    return kExitOk;
}

}  // namespace

void register_submit(CLI::App& app, Action& action) {
    auto o = std::make_shared<SubmitOptions>();
    CLI::App* sub = app.add_subcommand(
        "submit", "Check a turnsheet and, if it has no errors, store it as the empire's orders");
    sub->add_option("GAME", o->game, "Game folder")->required();
    sub->add_option("FILE", o->file, "Turnsheet file ('-' reads standard input)")->required();
    add_wait_option(sub, o->wait);
    sub->callback([o, &action] { action = [o] { return run_submit(*o); }; });
}

}  // namespace hl::cli
