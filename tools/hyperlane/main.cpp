// hyperlane: the GM's command-line tool. Subcommands live in cmd_*.cpp; `serve` and `mail-in`,
// `mail-out`, `host` are done by the programs hyperlane-serve and hyperlane-mail beside this one
// (helper_commands.hpp), so that no other command loads the web and mail libraries.

#include <malloc.h>

#include <CLI/CLI.hpp>

#include "cli_main.hpp"
#include "commands.hpp"
#include "core/phase_clock.hpp"
#include "helper_commands.hpp"

int main(int argc, char** argv) {
    using namespace hl::cli;
    hl::mark_phase("main started");
    // glibc makes a thread's heap readable a page at a time as it grows (an mprotect call each:
    // 420 in one standard run); padding makes the first 4 MB of each heap, and of each growth
    // of the main one, at once (16 calls), and costs nothing until the pages are touched.
    // Setting it fixes glibc's mmap threshold, so the threshold is set too: blocks up to 4 MB
    // (report texts, the state file) come from the heap, not a fresh mapping each.
    mallopt(M_TOP_PAD, 4 << 20);
    mallopt(M_MMAP_THRESHOLD, 4 << 20);
    if (auto rc = run_if_helper_command(argc, argv)) return *rc;
    CLI::App app{kAppDescription};
    Action action;
    register_new(app, action);
    register_show(app, action);
    register_run(app, action);
    register_report(app, action);
    register_rules(app, action);
    register_check(app, action);
    register_submit(app, action);
    register_sim(app, action);
    register_status(app, action);
    register_players(app, action);
    register_secrets(app, action);
    register_deadline(app, action);
    register_rerender(app, action);
    register_helper_command(app, action, kServeCommand, argc, argv);
    register_gm(app, action);
    register_helper_command(app, action, kMailInCommand, argc, argv);
    register_helper_command(app, action, kMailOutCommand, argc, argv);
    register_helper_command(app, action, kHostCommand, argc, argv);
    return run_cli(app, action, argc, argv);
}
